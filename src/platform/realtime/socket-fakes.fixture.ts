/**
 * A fake of the page socket's commands for component tests: answers scripted
 * per command, typed by the registered commands (a script that answers a
 * shape the command does not have fails the type check), each call recorded.
 */
import { fail } from "../../shared/result.ts";
import type { CommandCall, CommandResult, RegisteredCommands } from "./socket-commands.ts";

type Name = keyof RegisteredCommands;

export type ScriptedAnswers = {
  readonly [N in Name]?: (input: RegisteredCommands[N]["input"]) => CommandResult<RegisteredCommands[N]["answer"], RegisteredCommands[N]["refusal"]>;
};

export interface FakeCommands {
  readonly command: CommandCall;
  readonly calls: Array<{ readonly name: string; readonly input: unknown }>;
}

/** Commands without a script answer `unknown_command`, as the hub does. */
export function fakeCommands(answers: ScriptedAnswers = {}): FakeCommands {
  const calls: FakeCommands["calls"] = [];
  const command: CommandCall = async (name, input) => {
    calls.push({ name, input });
    const answer = answers[name];
    return answer ? answer(input) : fail("unknown_command");
  };
  return { command, calls };
}
