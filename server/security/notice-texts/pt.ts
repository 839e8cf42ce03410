// Security notices in Portuguese. Placeholders in braces are filled in by notices.ts.
import type { NoticeLanguage } from './types.ts';

const notYou = 'Se não foi você, altere já a sua palavra-passe e contacte o suporte.';
const paused = 'Os levantamentos ficam suspensos durante algum tempo.';

export const pt: NoticeLanguage = {
  kinds: {
    new_device_login: {
      subject: '{brand}: início de sessão num novo dispositivo',
      mail: `Foi iniciada sessão na sua conta {brand} {account} a partir de um novo dispositivo em {at}: {device}, endereço {ip}. ${notYou}`,
      sms: '{brand}: início de sessão num novo dispositivo ({device}, {ip}).',
    },
    password_changed: {
      subject: '{brand}: a sua palavra-passe de acesso foi alterada',
      mail: `A palavra-passe de acesso da sua conta {brand} {account} foi alterada em {at}. As sessões nos outros dispositivos foram terminadas. ${paused} ${notYou}`,
      sms: '{brand}: a sua palavra-passe de acesso foi alterada.',
    },
    trade_password_changed: {
      subject: '{brand}: a sua palavra-passe de negociação foi alterada',
      mail: `A palavra-passe de negociação da sua conta {brand} {account} foi alterada em {at}. ${paused} ${notYou}`,
      sms: '{brand}: a sua palavra-passe de negociação foi alterada.',
    },
    totp_bound: {
      subject: '{brand}: aplicação de autenticação ativada',
      mail: `Uma aplicação de autenticação foi associada à sua conta {brand} {account} em {at}. ${notYou}`,
      sms: '{brand}: uma aplicação de autenticação foi associada à sua conta.',
    },
    totp_unbound: {
      subject: '{brand}: aplicação de autenticação desativada',
      mail: `A aplicação de autenticação da sua conta {brand} {account} foi desassociada em {at}. ${paused} ${notYou}`,
      sms: '{brand}: a sua aplicação de autenticação foi desassociada.',
    },
    passkey_added: {
      subject: '{brand}: chave de acesso adicionada',
      mail: `Uma chave de acesso chamada «{name}» foi adicionada à sua conta {brand} {account} em {at}. ${notYou}`,
      sms: '{brand}: a chave de acesso «{name}» foi adicionada.',
    },
    passkey_removed: {
      subject: '{brand}: chave de acesso removida',
      mail: `A chave de acesso chamada «{name}» foi removida da sua conta {brand} {account} em {at}. ${paused} ${notYou}`,
      sms: '{brand}: a chave de acesso «{name}» foi removida.',
    },
    api_key_created: {
      subject: '{brand}: chave de API criada',
      mail: `Uma chave de API chamada «{name}» foi criada na sua conta {brand} {account} em {at}. ${notYou}`,
      sms: '{brand}: a chave de API «{name}» foi criada.',
    },
    api_key_deleted: {
      subject: '{brand}: chave de API eliminada',
      mail: 'A chave de API chamada «{name}» foi eliminada da sua conta {brand} {account} em {at}: os programas que a usam já não podem chamar.',
      sms: '{brand}: a chave de API «{name}» foi eliminada.',
    },
    phone_bound: {
      subject: '{brand}: número de telefone alterado',
      mail: `O número de telefone {phone} foi associado à sua conta {brand} {account} em {at}. ${paused} ${notYou}`,
      sms: '{brand}: o telefone {phone} foi associado à sua conta.',
    },
    address_added: {
      subject: '{brand}: novo endereço de levantamento',
      mail: `Foi adicionado à sua conta {brand} {account} um endereço de levantamento de {asset} na rede {chain}: {address}. Poderá receber levantamentos a partir de {usableFrom}. ${notYou}`,
      sms: '{brand}: novo endereço de levantamento de {asset} {address}.',
    },
    withdrawal_requested: {
      subject: '{brand}: levantamento pedido',
      mail: `Foi pedido um levantamento de {amount} {asset} para {address} a partir da sua conta {brand} {account} em {at}. ${notYou}`,
      sms: '{brand}: pedido de levantamento de {amount} {asset}.',
    },
    recovery_code_used: {
      subject: '{brand}: código de recuperação utilizado',
      mail: `Um código de recuperação da sua conta {brand} {account} foi utilizado em {at}; restam {left}. ${paused} ${notYou}`,
      sms: '{brand}: foi utilizado um código de recuperação; restam {left}.',
    },
    anti_phishing_set: {
      subject: '{brand}: código anti-phishing definido',
      mail: `O código anti-phishing da sua conta {brand} {account} foi definido em {at}. Todos os e-mails da {brand} passam a incluí-lo; um e-mail sem ele não é nosso. ${notYou}`,
      sms: '{brand}: o seu código anti-phishing foi definido.',
    },
    whitelist_disabled: {
      subject: '{brand}: modo de lista branca desativado',
      mail: `O modo de lista branca da sua conta {brand} {account} foi desativado em {at}: os levantamentos podem ir para qualquer endereço. ${paused} ${notYou}`,
      sms: '{brand}: o modo de lista branca foi desativado.',
    },
    login_guesses_blocked: {
      subject: '{brand}: palavras-passe erradas introduzidas na sua conta',
      mail: 'Foram recusadas {refused} palavras-passe de acesso erradas na sua conta {brand} {account} em {minutes} minutos. Até {until}, os inícios de sessão estão bloqueados, exceto a partir de redes onde já iniciou sessão; os dispositivos com sessão iniciada mantêm-na. A sua palavra-passe não foi revelada. Se não foi você, não é preciso fazer nada, embora seja melhor uma palavra-passe forte que não use em mais lado nenhum. Para entrar a partir de outro local antes disso, reponha a sua palavra-passe em «Esqueci a senha»: isso também levanta o bloqueio.',
      sms: '{brand}: {refused} palavras-passe de acesso erradas recusadas; inícios de sessão a partir de novas redes bloqueados até {until}.',
    },
    trade_guesses_blocked: {
      subject: '{brand}: palavras-passe de negociação erradas introduzidas na sua conta',
      mail: 'Foram recusadas {refused} palavras-passe de negociação erradas na sua conta {brand} {account} em {minutes} minutos, pelo que os levantamentos estão bloqueados até {until}. A sua palavra-passe de negociação não foi revelada. Só quem tem sessão iniciada na sua conta pode introduzir uma palavra-passe de negociação. Se não foi você, altere já a sua palavra-passe de acesso, o que termina a sessão em todos os outros dispositivos, e defina uma nova palavra-passe de negociação com um código que lhe é enviado: isso também levanta o bloqueio.',
      sms: '{brand}: {refused} palavras-passe de negociação erradas recusadas; levantamentos bloqueados até {until}.',
    },
    totp_guesses_blocked: {
      subject: '{brand}: códigos de autenticação errados introduzidos na sua conta',
      mail: 'Foram recusados {refused} códigos de autenticação ou de recuperação errados na sua conta {brand} {account} em {minutes} minutos, pelo que nenhum código é aceite até {until}. A sua aplicação de autenticação não foi comprometida, mas quem introduziu os códigos pode saber a sua palavra-passe. Se não foi você, altere a sua palavra-passe de acesso repondo-a em «Esqueci a senha»: isso termina a sessão em todos os dispositivos e levanta o bloqueio.',
      sms: '{brand}: {refused} códigos de autenticação errados recusados; nenhum código aceite até {until}.',
    },
  },
};
