// The fixed documents as shipped, in French. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const fr: DefaultDocuments = {
  about: {
    title: 'À propos',
    body: `La société qui exploite cette plateforme n’a pas encore publié cette page ; elle ne dit donc pas encore qui l’exploite.

## Ce que l’exploitant publie ici
- **La société** : sa dénomination légale, son lieu d’immatriculation et son adresse.
- **Ses licences** : chaque enregistrement ou licence, avec l’autorité et le numéro (voir aussi la page « Licence »).
- **Comment la joindre** : une adresse pour les questions et les réclamations des clients.

En attendant, le service client se trouve dans le menu, sous « Service client ».`,
  },
  msb: {
    title: 'Licences et enregistrement',
    body: `Cette page répertorie les enregistrements et les licences de la société qui exploite cette plateforme d’échange, avec, pour chacun, l’autorité compétente et le numéro d’inscription au registre.

L’exploitant n’en a encore publié aucun. Tant qu’il ne l’a pas fait, cette plateforme ne se prévaut d’aucun enregistrement ni d’aucune licence.`,
  },
  sec: {
    title: 'Sécurité',
    body: `## Votre compte
- Les mots de passe sont stockés uniquement sous forme d’empreintes à sens unique salées (argon2id) ; personne ne peut les lire, pas même notre personnel.
- Une session prend fin lorsque vous vous déconnectez, après une période d’inactivité et après une durée de vie fixe (respectivement sept et trente jours, sauf si l’exploitant fixe des durées plus courtes). La modification ou la réinitialisation de votre mot de passe met fin à vos autres sessions.
- Cinq mots de passe erronés en quinze minutes verrouillent le compte pendant un certain temps ; il en va de même pour cinq mots de passe de transaction erronés.

## Retraits
- Un retrait nécessite votre mot de passe de transaction, distinct de votre mot de passe de connexion.
- Avant tout envoi, les adresses de retrait sont contrôlées au regard de leur blockchain.
- Le montant et les frais sont gelés, et un opérateur examine chaque retrait avant sa transmission à la blockchain. Vous pouvez l’annuler tant qu’il est en attente.

## Ce que vous pouvez faire
- Définissez un mot de passe de transaction que vous n’utilisez nulle part ailleurs.
- Vérifiez l’adresse avant de confirmer un retrait.
- Nous ne vous demandons jamais votre mot de passe ni un code de vérification par e-mail, message ou téléphone.`,
  },
};
