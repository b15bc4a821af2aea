/**
 * The socket commands as the browser calls them: names, inputs, answers and
 * refusal codes, typed from the server's definitions (registry.ts) and
 * nothing else. Types only: the browser carries no schema (decision 0028),
 * and this module emits no code.
 *
 * The platform names no command. Its open `SocketCommandRegistry` is filled
 * by the composition root (src/app/app-types.ts) with the map read off every
 * feature's `socketCommands`, so `SocketClient#command` refuses, at compile
 * time, a misspelt name, a wrong input, and a read of an answer or a refusal
 * code the command does not have (decision 0053).
 */
import type { z } from "zod";
import type { Result } from "../../shared/result.ts";
import type { PlatformRefusalCode } from "./protocol.ts";
import type { SocketCommandDefinition } from "./registry.ts";

/** One command as a caller sees it: what it sends, what the ack carries, and the handler's own refusal codes. */
export interface CommandSignature {
  readonly input: unknown;
  readonly answer: unknown;
  readonly refusal: string;
}

/** Command name -> signature. */
export type CommandMap = { readonly [name: string]: CommandSignature };

/**
 * The map of a union of definitions. The input is the schema's input side
 * (what a client sends before defaults apply); the refusals are the codes
 * the handler's Result names.
 */
export type CommandMapOf<Definition extends SocketCommandDefinition> = {
  readonly [D in Definition as D["name"]]: D extends SocketCommandDefinition<string, infer Schema, infer Answer, infer Refusal>
    ? { readonly input: z.input<Schema>; readonly answer: Answer; readonly refusal: Refusal }
    : never;
};

/**
 * Filled by declaration merging with `{ readonly commands: CommandMapOf<...> }`
 * (src/app/app-types.ts). Empty here: the platform knows no feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SocketCommandRegistry {}

/** The application's commands, or any name with unknown input and answer when nothing is registered. */
export type RegisteredCommands = SocketCommandRegistry extends { readonly commands: infer Commands extends CommandMap } ? Commands : CommandMap;

/** Why a command was not done: the platform's refusals, the client's own `timeout` or `closed`, and the handler's codes. */
export type CommandRefusalCode<Refusal extends string = string> = PlatformRefusalCode | "timeout" | "closed" | Refusal;

export type CommandResult<Answer, Refusal extends string = string> = Result<Answer, CommandRefusalCode<Refusal>>;

/** The one way to call a command: its name, its typed input; resolves with its typed answer or refusal, never rejects. */
export type CommandCall<Commands extends CommandMap = RegisteredCommands> = <Name extends keyof Commands & string>(
  name: Name,
  input: Commands[Name]["input"],
) => Promise<CommandResult<Commands[Name]["answer"], Commands[Name]["refusal"]>>;

/** The typed answer of a registered command (for components that hold one in state). */
export type CommandAnswer<Name extends keyof RegisteredCommands> = RegisteredCommands[Name]["answer"];

/** A command and its input as data (a notification's action): one of the registered commands with its own input type. */
export type CommandRequest<Commands extends CommandMap = RegisteredCommands> = {
  readonly [Name in keyof Commands & string]: { readonly command: Name; readonly input: Commands[Name]["input"] };
}[keyof Commands & string];
