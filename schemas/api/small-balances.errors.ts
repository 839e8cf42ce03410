// The small-balance conversion's own errors (schemas/api/small-balances.schema.ts): their codes,
// which the worker reads too, and apart from them what each refusal says in the nine languages.
// Collected in schemas/product-errors.ts, so that the shared catalogue names no product.
import type { ErrorCodes, Refusals } from '../error-definition.ts';

export const smallBalancesErrorCodes = {
  nothing_to_convert: 1900,
} as const satisfies ErrorCodes;

export const smallBalancesRefusals = {
  nothing_to_convert: {
    messages: {
      zh: '没有可兑换的小额资产：每种资产须价值低于 10 USDT，且至少够一个最小交易单位',
      en: 'Nothing to convert: a balance must be worth less than 10 USDT and hold at least one lot of its market',
      de: 'Nichts umzuwandeln: Ein Guthaben muss weniger als 10 USDT wert sein und mindestens eine Losgröße seines Marktes umfassen',
      fr: 'Rien à convertir : un solde doit valoir moins de 10 USDT et contenir au moins un lot de son marché',
      he: 'אין מה להמיר: יתרה צריכה להיות שווה פחות מ-10 USDT ולהכיל לפחות יחידת מסחר אחת של השוק שלה',
      it: 'Niente da convertire: un saldo deve valere meno di 10 USDT e contenere almeno un lotto del suo mercato',
      pt: 'Nada para converter: um saldo deve valer menos de 10 USDT e conter pelo menos um lote do seu mercado',
      es: 'Nada que convertir: un saldo debe valer menos de 10 USDT y contener al menos un lote de su mercado',
      bl: 'Nie ma czego zamienić: saldo musi być warte mniej niż 10 USDT i zawierać co najmniej jeden lot swojego rynku',
    },
  },
} as const satisfies Refusals<typeof smallBalancesErrorCodes>;
