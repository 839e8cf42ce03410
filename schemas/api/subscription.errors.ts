// The pre-sale subscriptions' own errors (schemas/api/subscription.schema.ts): their codes, which
// the worker reads too, and apart from them what each refusal says: its message in the nine
// languages. Collected in schemas/product-errors.ts, so that the shared catalogue names no product.
import type { ErrorCodes, Refusals } from '../error-definition.ts';

export const subscriptionErrorCodes = {
  subscription_not_found: 1600,
  subscription_not_open: 1601,
  subscription_cap_exceeded: 1602,
} as const satisfies ErrorCodes;

export const subscriptionRefusals = {
  subscription_not_found: {
    messages: {
      zh: '项目不存在',
      en: 'No such project',
      de: 'Dieses Projekt gibt es nicht',
      fr: 'Ce projet n’existe pas',
      he: 'הפרויקט אינו קיים',
      it: 'Progetto inesistente',
      pt: 'Projeto inexistente',
      es: 'El proyecto no existe',
      bl: 'Nie ma takiego projektu',
    },
  },
  subscription_not_open: {
    messages: {
      zh: '该项目仅在预售期内（{start} 至 {end}）接受认购',
      en: 'This project takes commitments only during its pre-sale, from {start} to {end}',
      de: 'Dieses Projekt nimmt Zeichnungen nur im Vorverkauf an, von {start} bis {end}',
      fr: 'Ce projet n’accepte de souscriptions que pendant sa prévente, du {start} au {end}',
      he: 'הפרויקט מקבל התחייבויות רק במכירה המוקדמת, מ-{start} עד {end}',
      it: 'Questo progetto accetta sottoscrizioni solo durante la prevendita, dal {start} al {end}',
      pt: 'Este projeto só aceita subscrições durante a pré-venda, de {start} a {end}',
      es: 'Este proyecto solo acepta suscripciones durante su preventa, del {start} al {end}',
      bl: 'Ten projekt przyjmuje zapisy tylko w przedsprzedaży, od {start} do {end}',
    },
  },
  subscription_cap_exceeded: {
    messages: {
      zh: '该项目每人最多认购 {amount}，您已认购 {committed}',
      en: 'At most {amount} may be committed to this project; you have {committed}',
      de: 'Höchstens {amount} können für dieses Projekt gezeichnet werden; Sie haben {committed}',
      fr: 'Au plus {amount} peuvent être souscrits à ce projet ; vous avez {committed}',
      he: 'לכל היותר {amount} אפשר להתחייב לפרויקט הזה; התחייבת ל-{committed}',
      it: 'Per questo progetto si possono sottoscrivere al massimo {amount}; hai {committed}',
      pt: 'No máximo {amount} podem ser subscritos neste projeto; você tem {committed}',
      es: 'Como máximo se pueden suscribir {amount} a este proyecto; tienes {committed}',
      bl: 'Na ten projekt można zapisać najwyżej {amount}; masz {committed}',
    },
  },
} as const satisfies Refusals<typeof subscriptionErrorCodes>;
