// API keys' own errors (schemas/api/api-keys.schema.ts): their codes, which the worker reads too,
// and apart from them what each refusal says in the nine languages. Collected in
// schemas/product-errors.ts, so that the shared catalogue names no product.
import type { ErrorCodes, Refusals } from '../error-definition.ts';

export const apiKeysErrorCodes = {
  api_key_limit: 1750,
  api_key_not_found: 1751,
  ip_allowlist_invalid: 1752,
} as const satisfies ErrorCodes;

export const apiKeysRefusals = {
  api_key_limit: {
    messages: {
      zh: '每个账号最多创建 {count} 个 API 密钥，请删除一个后再创建',
      en: 'An account can hold at most {count} API keys: delete one to create another',
      de: 'Ein Konto kann höchstens {count} API-Schlüssel haben: Löschen Sie einen, um einen neuen zu erstellen',
      fr: 'Un compte peut détenir au plus {count} clés API : supprimez-en une pour en créer une autre',
      he: 'לחשבון יכולים להיות לכל היותר {count} מפתחות API: מחקו אחד כדי ליצור חדש',
      it: 'Un account può avere al massimo {count} chiavi API: eliminane una per crearne un’altra',
      pt: 'Uma conta pode ter no máximo {count} chaves de API: exclua uma para criar outra',
      es: 'Una cuenta puede tener como máximo {count} claves API: elimine una para crear otra',
      bl: 'Konto może mieć najwyżej {count} kluczy API: usuń jeden, aby utworzyć nowy',
    },
  },
  api_key_not_found: {
    messages: {
      zh: 'API 密钥不存在',
      en: 'No such API key',
      de: 'Diesen API-Schlüssel gibt es nicht',
      fr: 'Cette clé API n’existe pas',
      he: 'אין מפתח API כזה',
      it: 'Chiave API inesistente',
      pt: 'Chave de API inexistente',
      es: 'No existe esa clave API',
      bl: 'Nie ma takiego klucza API',
    },
    field: 'id',
  },
  ip_allowlist_invalid: {
    messages: {
      zh: 'IP 白名单的每一项须为 IPv4 或 IPv6 地址，或 CIDR 网段（如 203.0.113.0/24）',
      en: 'Each entry of the IP allowlist must be an IPv4 or IPv6 address or a CIDR block (such as 203.0.113.0/24)',
      de: 'Jeder Eintrag der IP-Zulassungsliste muss eine IPv4- oder IPv6-Adresse oder ein CIDR-Block sein (etwa 203.0.113.0/24)',
      fr: 'Chaque entrée de la liste d’IP autorisées doit être une adresse IPv4 ou IPv6 ou un bloc CIDR (comme 203.0.113.0/24)',
      he: 'כל רשומה ברשימת כתובות ה-IP המורשות חייבת להיות כתובת IPv4 או IPv6 או בלוק CIDR (כגון 203.0.113.0/24)',
      it: 'Ogni voce della lista di IP consentiti deve essere un indirizzo IPv4 o IPv6 o un blocco CIDR (come 203.0.113.0/24)',
      pt: 'Cada entrada da lista de IPs permitidos deve ser um endereço IPv4 ou IPv6 ou um bloco CIDR (como 203.0.113.0/24)',
      es: 'Cada entrada de la lista de IP permitidas debe ser una dirección IPv4 o IPv6 o un bloque CIDR (como 203.0.113.0/24)',
      bl: 'Każdy wpis listy dozwolonych adresów IP musi być adresem IPv4 lub IPv6 albo blokiem CIDR (np. 203.0.113.0/24)',
    },
    field: 'ip_allowlist',
  },
} as const satisfies Refusals<typeof apiKeysErrorCodes>;
