// A writer's commands, typed one by one. A group commit runs a writer's commands as one union and
// answers each with the union of every command's answer; callers want the answer of the command
// they sent. The writer names, next to its commands, what each kind answers (its command map), and
// `call('open', { order })` then answers the open command's answer: no product casts an answer, and
// a command sent with the wrong input does not compile.
import type { GroupCommit, IdempotencyKey } from './group-commit.ts';

export interface Kinded {
  kind: string;
}

/** What each kind of a writer's commands answers: the writer's command map. */
export type AnswerMap<Command extends Kinded> = { [Kind in Command['kind']]: unknown };

/** The command of one kind. */
export type CommandOfKind<Command extends Kinded, Kind extends Command['kind']> = Extract<
  Command,
  { kind: Kind }
>;

/** What a caller gives for a command of one kind: the command without its kind. */
export type InputOf<Command extends Kinded, Kind extends Command['kind']> = Omit<
  CommandOfKind<Command, Kind>,
  'kind'
>;

/** Any answer of the map: what the group commit settles a command with. */
export type AnyAnswer<Answers> = Answers[keyof Answers];

/** Where the commands go: a group commit, or what routes each to one (a writer per market). */
export type CommandSink<Command, Answer> = Pick<GroupCommit<Command, Answer>, 'submit'>;

export class CommandCalls<Command extends Kinded, Answers extends AnswerMap<Command>> {
  constructor(private readonly commands: CommandSink<Command, AnyAnswer<Answers>>) {}

  /** Runs a command of `kind` in the writer's next batch; answers what that kind answers. */
  call<Kind extends Command['kind']>(
    kind: Kind,
    input: InputOf<Command, Kind>,
    key?: IdempotencyKey,
  ): Promise<Answers[Kind]> {
    // The two casts the map stands for, in this one place: TypeScript cannot see that a kind's
    // input with its kind put back is that kind's command, nor follow a command through the batch
    // to the answer the writer settles it with (each writer answers a command of a kind with that
    // kind's answer, which its own tests hold).
    const command = { ...input, kind } as CommandOfKind<Command, Kind>;
    return this.send(command, key);
  }

  /** Runs a command made whole elsewhere; answers what its kind answers. */
  send<Sent extends Command>(command: Sent, key?: IdempotencyKey): Promise<Answers[Sent['kind']]> {
    return this.commands.submit(command, key) as Promise<Answers[Sent['kind']]>;
  }
}
