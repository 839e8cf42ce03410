// The second contract's own errors (schemas/api/option.schema.ts): their codes, which the worker
// reads too, and apart from them what each refusal says: its message in the nine languages.
// Collected in schemas/product-errors.ts, so that the shared catalogue names no product.
import type { ErrorCodes, Refusals } from '../error-definition.ts';

export const optionErrorCodes = {
  option_trading_off: 1500,
  option_product_unknown: 1501,
  stake_above_maximum: 1502,
  option_open_limit: 1503,
  option_loss_limit: 1504,
  option_pool_exposure: 1505,
  option_not_found: 1506,
  loss_limit_invalid: 1507,
  option_index_stale: 1508,
  option_feed_predictable: 1509,
} as const satisfies ErrorCodes;

export const optionRefusals = {
  option_trading_off: {
    messages: {
      zh: '本站未提供秒合约',
      en: 'The second contract is not offered here',
      de: 'Der Sekundenkontrakt wird hier nicht angeboten',
      fr: 'Le contrat à la seconde n’est pas proposé ici',
      he: 'חוזה השניות אינו מוצע כאן',
      it: 'Il contratto a secondi non è offerto qui',
      pt: 'O contrato por segundos não é oferecido aqui',
      es: 'El contrato por segundos no se ofrece aquí',
      bl: 'Kontrakt sekundowy nie jest tu oferowany',
    },
  },
  option_product_unknown: {
    messages: {
      zh: '该市场没有此时长的合约',
      en: 'This market has no contract of that duration',
      de: 'Für diesen Markt gibt es keinen Kontrakt mit dieser Laufzeit',
      fr: 'Ce marché n’a pas de contrat de cette durée',
      he: 'לשוק הזה אין חוזה באורך הזה',
      it: 'Questo mercato non ha un contratto di questa durata',
      pt: 'Este mercado não tem contrato com essa duração',
      es: 'Este mercado no tiene un contrato de esa duración',
      bl: 'Ten rynek nie ma kontraktu o takim czasie trwania',
    },
  },
  stake_above_maximum: {
    messages: {
      zh: '投入金额高于上限 {amount}',
      en: 'The stake is above the maximum of {amount}',
      de: 'Der Einsatz liegt über dem Höchstbetrag von {amount}',
      fr: 'La mise dépasse le maximum de {amount}',
      he: 'הסכום גבוה מהמקסימום של {amount}',
      it: 'La puntata supera il massimo di {amount}',
      pt: 'O valor está acima do máximo de {amount}',
      es: 'El importe supera el máximo de {amount}',
      bl: 'Stawka przekracza maksimum {amount}',
    },
  },
  option_open_limit: {
    messages: {
      zh: '您已持有 {count} 个未结算合约，已达同时持有的上限',
      en: 'You already hold {count} open contracts, the most allowed at once',
      de: 'Sie halten bereits {count} offene Kontrakte, das erlaubte Maximum',
      fr: 'Vous détenez déjà {count} contrats ouverts, le maximum autorisé',
      he: 'כבר יש לך {count} חוזים פתוחים, המרב המותר בבת אחת',
      it: 'Hai già {count} contratti aperti, il massimo consentito',
      pt: 'Você já tem {count} contratos abertos, o máximo permitido',
      es: 'Ya tienes {count} contratos abiertos, el máximo permitido',
      bl: 'Masz już {count} otwartych kontraktów, najwięcej dozwolonych naraz',
    },
  },
  option_loss_limit: {
    messages: {
      zh: '此投入会使今日亏损超过您的每日亏损上限 {amount}',
      en: "This stake would take today's loss past your daily limit of {amount}",
      de: 'Dieser Einsatz würde den heutigen Verlust über Ihr Tageslimit von {amount} bringen',
      fr: 'Cette mise porterait la perte du jour au-delà de votre limite quotidienne de {amount}',
      he: 'הסכום הזה יעביר את ההפסד של היום מעבר למגבלה היומית שלך של {amount}',
      it: 'Questa puntata porterebbe la perdita di oggi oltre il tuo limite giornaliero di {amount}',
      pt: 'Este valor levaria a perda de hoje além do seu limite diário de {amount}',
      es: 'Este importe llevaría la pérdida de hoy por encima de tu límite diario de {amount}',
      bl: 'Ta stawka podniosłaby dzisiejszą stratę ponad Twój dzienny limit {amount}',
    },
  },
  option_pool_exposure: {
    messages: {
      zh: '资金池目前无法覆盖该合约的赔付：请减少投入金额或选择其他时长',
      en: "The pool cannot cover this contract's payout now: try a smaller stake or another duration",
      de: 'Der Pool kann die Auszahlung dieses Kontrakts derzeit nicht decken: Versuchen Sie einen kleineren Einsatz oder eine andere Laufzeit',
      fr: 'La réserve ne peut pas couvrir le gain de ce contrat pour le moment : essayez une mise plus petite ou une autre durée',
      he: 'הקרן אינה יכולה לכסות כרגע את התשלום של החוזה הזה: נסו סכום קטן יותר או משך אחר',
      it: 'Il fondo non può coprire ora il pagamento di questo contratto: prova una puntata più piccola o un’altra durata',
      pt: 'O fundo não consegue cobrir o pagamento deste contrato agora: tente um valor menor ou outra duração',
      es: 'El fondo no puede cubrir ahora el pago de este contrato: prueba con un importe menor u otra duración',
      bl: 'Pula nie może teraz pokryć wypłaty tego kontraktu: spróbuj mniejszej stawki lub innego czasu trwania',
    },
  },
  option_not_found: {
    messages: {
      zh: '合约不存在',
      en: 'No such contract',
      de: 'Diesen Kontrakt gibt es nicht',
      fr: 'Ce contrat n’existe pas',
      he: 'החוזה אינו קיים',
      it: 'Contratto inesistente',
      pt: 'Contrato inexistente',
      es: 'El contrato no existe',
      bl: 'Nie ma takiego kontraktu',
    },
  },
  loss_limit_invalid: {
    messages: {
      zh: '每日亏损上限必须大于 0 且不超过 {amount}',
      en: 'The daily loss limit must be above 0 and at most {amount}',
      de: 'Das tägliche Verlustlimit muss über 0 und höchstens {amount} sein',
      fr: 'La limite de perte quotidienne doit être supérieure à 0 et au plus {amount}',
      he: 'מגבלת ההפסד היומית חייבת להיות מעל 0 ולכל היותר {amount}',
      it: 'Il limite di perdita giornaliero deve essere maggiore di 0 e al massimo {amount}',
      pt: 'O limite de perda diário deve ser maior que 0 e no máximo {amount}',
      es: 'El límite de pérdida diario debe ser mayor que 0 y como máximo {amount}',
      bl: 'Dzienny limit straty musi być większy od 0 i wynosić najwyżej {amount}',
    },
  },
  option_index_stale: {
    messages: {
      zh: '该市场的指数价格未及时更新，恢复前无法开立合约',
      en: 'The index price of this market is not fresh: no contract opens until it is',
      de: 'Der Indexpreis dieses Marktes ist nicht aktuell: Bis er es wieder ist, wird kein Kontrakt eröffnet',
      fr: 'Le prix de l’indice de ce marché n’est pas à jour : aucun contrat ne s’ouvre en attendant',
      he: 'מחיר המדד של השוק הזה אינו מעודכן: שום חוזה לא נפתח עד שיתעדכן',
      it: 'Il prezzo indice di questo mercato non è aggiornato: nessun contratto si apre finché non lo sarà',
      pt: 'O preço de índice deste mercado não está atualizado: nenhum contrato abre até que esteja',
      es: 'El precio índice de este mercado no está actualizado: ningún contrato se abre hasta que lo esté',
      bl: 'Cena indeksu na tym rynku jest nieaktualna: żaden kontrakt nie zostanie otwarty do czasu jej odświeżenia',
    },
  },
  option_feed_predictable: {
    messages: {
      zh: '此处秒合约已关闭：价格源可被预测，结果可能被提前算出',
      en: 'Second contracts are closed here: the price feed is predictable, so outcomes could be known in advance',
      de: 'Sekundenkontrakte sind hier geschlossen: Die Preisquelle ist vorhersehbar, Ergebnisse ließen sich im Voraus kennen',
      fr: 'Les contrats à la seconde sont fermés ici : le flux de prix est prévisible, les résultats pourraient être connus d’avance',
      he: 'חוזי השניות סגורים כאן: מקור המחירים צפוי, ולכן אפשר היה לדעת את התוצאות מראש',
      it: 'I contratti a secondi sono chiusi qui: il flusso dei prezzi è prevedibile, gli esiti si potrebbero conoscere in anticipo',
      pt: 'Os contratos por segundos estão fechados aqui: o fluxo de preços é previsível, os resultados poderiam ser conhecidos de antemão',
      es: 'Los contratos por segundos están cerrados aquí: la fuente de precios es predecible, los resultados se podrían conocer de antemano',
      bl: 'Kontrakty sekundowe są tu zamknięte: źródło cen jest przewidywalne, więc wyniki dałoby się poznać z góry',
    },
  },
} as const satisfies Refusals<typeof optionErrorCodes>;
