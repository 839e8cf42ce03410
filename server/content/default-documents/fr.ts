// The fixed documents as shipped, in French. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const fr: DefaultDocuments = {
  about: {
    title: 'À propos',
    body: `Meridian est une plateforme d’échange d’actifs numériques : le trading spot est disponible dès aujourd’hui ; les contrats perpétuels, les contrats de courte durée, les souscriptions en prévente et les produits à durée fixe suivront.

## Comment les prix sont établis
Chaque prix provient d’une source de données nommée, et l’application indique laquelle. Lorsque la source est simulée, chaque écran qui affiche ses prix porte la mention « Marché simulé ». Les règlements sont calculés à partir de prix d’indice enregistrés, que chacun peut vérifier ; personne ne peut choisir manuellement un prix ou un résultat.

## Comment votre argent est conservé
Chaque mouvement d’argent est une écriture équilibrée dans un grand livre en partie double, enregistrée en même temps que la modification qui l’a provoquée. Un solde ne descend jamais en dessous de zéro, et une demande qui déplace de l’argent est exécutée au plus une fois, quel que soit le nombre de fois où elle est envoyée.

## Nous contacter
Vous accédez au service client depuis le menu, sous « Service client ».`,
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
