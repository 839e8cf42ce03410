// The AI products' own errors (schemas/api/ai.schema.ts): their codes, which the worker reads too,
// and apart from them what each refusal says: its message in the nine languages and the field it
// is about. Collected in schemas/product-errors.ts, so that the shared catalogue names no product.
import type { ErrorCodes, Refusals } from '../error-definition.ts';

export const aiErrorCodes = {
  ai_product_not_found: 1610,
  ai_product_closed: 1611,
  ai_quota_exceeded: 1612,
  ai_order_not_found: 1613,
  ai_order_finished: 1614,
  amount_above_maximum: 1615,
} as const satisfies ErrorCodes;

export const aiRefusals = {
  ai_product_not_found: {
    messages: {
      zh: '产品不存在',
      en: 'No such product',
      de: 'Dieses Produkt gibt es nicht',
      fr: 'Ce produit n’existe pas',
      he: 'המוצר אינו קיים',
      it: 'Prodotto inesistente',
      pt: 'Produto inexistente',
      es: 'El producto no existe',
      bl: 'Nie ma takiego produktu',
    },
  },
  ai_product_closed: {
    messages: {
      zh: '该产品未在发售',
      en: 'This product is not on sale',
      de: 'Dieses Produkt wird nicht verkauft',
      fr: 'Ce produit n’est pas en vente',
      he: 'המוצר אינו במכירה',
      it: 'Questo prodotto non è in vendita',
      pt: 'Este produto não está à venda',
      es: 'Este producto no está a la venta',
      bl: 'Ten produkt nie jest w sprzedaży',
    },
  },
  ai_quota_exceeded: {
    messages: {
      zh: '该产品仅剩 {amount} 额度',
      en: 'Only {amount} of this product is left',
      de: 'Von diesem Produkt sind nur noch {amount} übrig',
      fr: 'Il ne reste que {amount} de ce produit',
      he: 'נותרו רק {amount} מהמוצר הזה',
      it: 'Di questo prodotto restano solo {amount}',
      pt: 'Restam apenas {amount} deste produto',
      es: 'Solo quedan {amount} de este producto',
      bl: 'Z tego produktu zostało tylko {amount}',
    },
  },
  ai_order_not_found: {
    messages: {
      zh: '订单不存在',
      en: 'No such order',
      de: 'Diese Order gibt es nicht',
      fr: 'Cet ordre n’existe pas',
      he: 'ההזמנה אינה קיימת',
      it: 'Ordine inesistente',
      pt: 'Ordem inexistente',
      es: 'La orden no existe',
      bl: 'Nie ma takiego zlecenia',
    },
  },
  ai_order_finished: {
    messages: {
      zh: '该订单已结束',
      en: 'This order has already ended',
      de: 'Diese Order ist bereits beendet',
      fr: 'Cet ordre est déjà terminé',
      he: 'ההזמנה כבר הסתיימה',
      it: 'Questo ordine è già concluso',
      pt: 'Esta ordem já terminou',
      es: 'Esta orden ya terminó',
      bl: 'To zlecenie już się zakończyło',
    },
  },
  amount_above_maximum: {
    field: 'amount',
    messages: {
      zh: '数量高于最大值 {amount}',
      en: 'The amount is above the maximum of {amount}',
      de: 'Der Betrag liegt über dem Höchstbetrag von {amount}',
      fr: 'Le montant dépasse le maximum de {amount}',
      he: 'הסכום גבוה מהמקסימום של {amount}',
      it: 'L’importo supera il massimo di {amount}',
      pt: 'O valor está acima do máximo de {amount}',
      es: 'El importe supera el máximo de {amount}',
      bl: 'Kwota przekracza maksimum {amount}',
    },
  },
} as const satisfies Refusals<typeof aiErrorCodes>;
