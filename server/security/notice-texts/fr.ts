// Security notices in French. Placeholders in braces are filled in by notices.ts.
import type { NoticeLanguage } from './types.ts';

const notYou =
  'Si ce n’était pas vous, changez votre mot de passe dès maintenant et contactez le support.';
const paused = 'Les retraits sont suspendus pendant un moment.';

export const fr: NoticeLanguage = {
  kinds: {
    new_device_login: {
      subject: '{brand} : connexion depuis un nouvel appareil',
      mail: `Votre compte {brand} {account} s’est connecté depuis un nouvel appareil le {at} : {device}, adresse {ip}. ${notYou}`,
      sms: '{brand} : connexion depuis un nouvel appareil ({device}, {ip}).',
    },
    password_changed: {
      subject: '{brand} : votre mot de passe de connexion a été modifié',
      mail: `Le mot de passe de connexion de votre compte {brand} {account} a été modifié le {at}. Les autres appareils ont été déconnectés. ${paused} ${notYou}`,
      sms: '{brand} : votre mot de passe de connexion a été modifié.',
    },
    trade_password_changed: {
      subject: '{brand} : votre mot de passe de transaction a été modifié',
      mail: `Le mot de passe de transaction de votre compte {brand} {account} a été modifié le {at}. ${paused} ${notYou}`,
      sms: '{brand} : votre mot de passe de transaction a été modifié.',
    },
    totp_bound: {
      subject: '{brand} : application d’authentification activée',
      mail: `Une application d’authentification a été associée à votre compte {brand} {account} le {at}. ${notYou}`,
      sms: '{brand} : une application d’authentification a été associée à votre compte.',
    },
    totp_unbound: {
      subject: '{brand} : application d’authentification désactivée',
      mail: `L’application d’authentification de votre compte {brand} {account} a été dissociée le {at}. ${paused} ${notYou}`,
      sms: '{brand} : votre application d’authentification a été dissociée.',
    },
    passkey_added: {
      subject: '{brand} : clé d’accès ajoutée',
      mail: `Une clé d’accès nommée « {name} » a été ajoutée à votre compte {brand} {account} le {at}. ${notYou}`,
      sms: '{brand} : la clé d’accès « {name} » a été ajoutée.',
    },
    passkey_removed: {
      subject: '{brand} : clé d’accès supprimée',
      mail: `La clé d’accès nommée « {name} » a été supprimée de votre compte {brand} {account} le {at}. ${paused} ${notYou}`,
      sms: '{brand} : la clé d’accès « {name} » a été supprimée.',
    },
    api_key_created: {
      subject: '{brand} : clé API créée',
      mail: `Une clé API nommée « {name} » a été créée sur votre compte {brand} {account} le {at}. ${notYou}`,
      sms: '{brand} : la clé API « {name} » a été créée.',
    },
    api_key_deleted: {
      subject: '{brand} : clé API supprimée',
      mail: 'La clé API nommée « {name} » a été supprimée de votre compte {brand} {account} le {at} : les programmes qui l’utilisent ne peuvent plus appeler.',
      sms: '{brand} : la clé API « {name} » a été supprimée.',
    },
    phone_bound: {
      subject: '{brand} : numéro de téléphone modifié',
      mail: `Le numéro {phone} a été associé à votre compte {brand} {account} le {at}. ${paused} ${notYou}`,
      sms: '{brand} : le numéro {phone} a été associé à votre compte.',
    },
    address_added: {
      subject: '{brand} : nouvelle adresse de retrait',
      mail: `Une adresse de retrait {asset} sur {chain} a été ajoutée à votre compte {brand} {account} : {address}. Elle pourra recevoir des retraits à partir du {usableFrom}. ${notYou}`,
      sms: '{brand} : nouvelle adresse de retrait {asset} {address}.',
    },
    withdrawal_requested: {
      subject: '{brand} : retrait demandé',
      mail: `Un retrait de {amount} {asset} vers {address} a été demandé depuis votre compte {brand} {account} le {at}. ${notYou}`,
      sms: '{brand} : retrait de {amount} {asset} demandé.',
    },
    recovery_code_used: {
      subject: '{brand} : code de récupération utilisé',
      mail: `Un code de récupération de votre compte {brand} {account} a été utilisé le {at} ; il en reste {left}. ${paused} ${notYou}`,
      sms: '{brand} : un code de récupération a été utilisé ; il en reste {left}.',
    },
    anti_phishing_set: {
      subject: '{brand} : code anti-hameçonnage défini',
      mail: `Le code anti-hameçonnage de votre compte {brand} {account} a été défini le {at}. Chaque e-mail de {brand} le contient désormais ; un e-mail sans ce code ne vient pas de nous. ${notYou}`,
      sms: '{brand} : votre code anti-hameçonnage a été défini.',
    },
    whitelist_disabled: {
      subject: '{brand} : mode liste blanche désactivé',
      mail: `Le mode liste blanche de votre compte {brand} {account} a été désactivé le {at} : les retraits peuvent aller vers n’importe quelle adresse. ${paused} ${notYou}`,
      sms: '{brand} : le mode liste blanche a été désactivé.',
    },
    login_guesses_blocked: {
      subject: '{brand} : mots de passe erronés saisis pour votre compte',
      mail: '{brand} a refusé {refused} mots de passe de connexion erronés pour votre compte {account} en {minutes} minutes. Jusqu’au {until}, les connexions sont bloquées, sauf depuis les réseaux depuis lesquels vous vous êtes déjà connecté ; les appareils connectés le restent. Votre mot de passe n’a pas été divulgué. Si ce n’était pas vous, rien n’est à faire, mais un mot de passe robuste utilisé nulle part ailleurs est préférable. Pour vous connecter d’ailleurs avant cette heure, réinitialisez votre mot de passe avec « Mot de passe oublié » : cela lève aussi le blocage.',
      sms: '{brand} : {refused} mots de passe de connexion erronés refusés ; connexions depuis de nouveaux réseaux bloquées jusqu’au {until}.',
    },
    trade_guesses_blocked: {
      subject: '{brand} : mots de passe de transaction erronés saisis pour votre compte',
      mail: '{brand} a refusé {refused} mots de passe de transaction erronés pour votre compte {account} en {minutes} minutes : les retraits sont donc bloqués jusqu’au {until}. Votre mot de passe de transaction n’a pas été divulgué. Seule une personne connectée à votre compte peut saisir un mot de passe de transaction. Si ce n’était pas vous, changez dès maintenant votre mot de passe de connexion, ce qui déconnecte tous les autres appareils, et définissez un nouveau mot de passe de transaction avec un code qui vous est envoyé : cela lève aussi le blocage.',
      sms: '{brand} : {refused} mots de passe de transaction erronés refusés ; retraits bloqués jusqu’au {until}.',
    },
    totp_guesses_blocked: {
      subject: '{brand} : codes d’authentification erronés saisis pour votre compte',
      mail: '{brand} a refusé {refused} codes d’authentification ou de récupération erronés pour votre compte {account} en {minutes} minutes : aucun code n’est donc accepté jusqu’au {until}. Votre application d’authentification n’a pas été compromise, mais la personne qui a saisi ces codes connaît peut-être votre mot de passe. Si ce n’était pas vous, changez votre mot de passe de connexion en le réinitialisant avec « Mot de passe oublié » : cela déconnecte tous les appareils et lève le blocage.',
      sms: '{brand} : {refused} codes d’authentification erronés refusés ; aucun code accepté jusqu’au {until}.',
    },
  },
};
