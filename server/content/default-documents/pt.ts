// The fixed documents as shipped, in Portuguese. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const pt: DefaultDocuments = {
  about: {
    title: 'Sobre nós',
    body: `A empresa que opera esta corretora ainda não publicou esta página; por isso, ela ainda não diz quem a opera.

## O que o operador publica aqui
- **A empresa**: o nome legal, onde está registrada e o endereço.
- **As licenças**: cada registro ou licença, com a autoridade e o número (veja também a página “Licença”).
- **Como contatá-la**: um endereço para dúvidas e reclamações de clientes.

Até lá, o atendimento está no menu, em “Atendimento”.`,
  },
  msb: {
    title: 'Licenças e registro',
    body: `Esta página lista os registros e as licenças da empresa que opera esta corretora, com a autoridade e o número de registro de cada um.

O operador ainda não publicou nenhum. Até que o faça, esta corretora não declara possuir nenhum registro ou licença.`,
  },
  sec: {
    title: 'Segurança',
    body: `## Sua conta
- As senhas são armazenadas apenas como hashes unidirecionais com salt (argon2id); ninguém pode lê-las, nem mesmo nossa equipe.
- Uma sessão termina quando você sai, após um período sem uso e após um tempo de vida fixo (sete e trinta dias, respectivamente, a menos que o operador defina prazos menores). Alterar ou redefinir sua senha encerra suas outras sessões.
- Cinco senhas erradas em quinze minutos bloqueiam a conta por um tempo, e o mesmo acontece com cinco senhas de negociação erradas.

## Saques
- Um saque exige sua senha de negociação, que é diferente da sua senha de login.
- Antes de qualquer envio, verifica-se se os endereços de saque correspondem à sua blockchain.
- O valor e a taxa ficam congelados, e um operador analisa cada saque antes que ele seja enviado para a blockchain. Você pode cancelá-lo enquanto estiver aguardando.

## O que você pode fazer
- Defina uma senha de negociação que você não use em nenhum outro lugar.
- Confira o endereço antes de confirmar um saque.
- Nunca pedimos sua senha nem um código de verificação por e-mail, mensagem ou telefone.`,
  },
};
