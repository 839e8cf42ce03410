// The fixed documents as shipped, in Portuguese. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const pt: DefaultDocuments = {
  about: {
    title: 'Sobre nós',
    body: `Meridian é uma corretora de ativos digitais: hoje oferece negociação spot e, em seguida, virão contratos perpétuos, contratos de curta duração, subscrições em pré-venda e produtos de prazo fixo.

## Como os preços são formados
Cada preço vem de uma fonte de dados identificada pelo nome, e o aplicativo mostra qual é. Quando a fonte é simulada, toda tela que exibe seus preços indica “Mercado simulado”. As liquidações são calculadas a partir de preços de índice registrados, que qualquer pessoa pode verificar; ninguém pode escolher manualmente um preço ou um resultado.

## Como seu dinheiro é mantido
Cada movimentação de dinheiro é um lançamento balanceado em um livro-razão de partidas dobradas, registrado junto com a alteração que o originou. Um saldo nunca fica abaixo de zero, e uma solicitação que movimenta dinheiro é executada no máximo uma vez, não importa quantas vezes seja enviada.

## Fale conosco
Você acessa o atendimento ao cliente pelo menu, em “Atendimento”.`,
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
