/**
 * The site's regular programme (issue 26 item 5): arenas repeated on a fixed
 * rhythm, read from tournament-programme.json. Pure: which slots fall in the
 * window ahead; the service writes each once (its programme key is unique).
 */
import { z } from "zod";
import programmeFile from "./tournament-programme.json" with { type: "json" };
import { arenaControls, arenaDurations } from "./arena-settings.ts";

const programmeSchema = z.strictObject({
  lookaheadHours: z.number().int().min(1).max(72),
  arenas: z.array(
    z.strictObject({
      key: z.string().regex(/^[a-z0-9-]{3,40}$/),
      name: z.string().min(3).max(60),
      rules: z.enum(["standard", "chess960"]),
      control: z.enum(arenaControls),
      everyMinutes: z.number().int().min(15).max(10_080),
      offsetMinutes: z.number().int().min(0),
      durationMinutes: z.number().refine((value) => (arenaDurations as readonly number[]).includes(value)),
      rated: z.boolean(),
    }),
  ),
});

export type Programme = z.infer<typeof programmeSchema>;

export const siteProgramme: Programme = programmeSchema.parse(programmeFile);

export interface ProgrammeSlot {
  readonly programmeKey: string;
  readonly name: string;
  readonly rules: "standard" | "chess960";
  readonly control: string;
  readonly startsAt: Date;
  readonly durationMinutes: number;
  readonly rated: boolean;
}

/** The slots starting after `nowMs` and within the look-ahead, each keyed by its entry and start. */
export function programmeSlots(programme: Programme, nowMs: number): ProgrammeSlot[] {
  const until = nowMs + programme.lookaheadHours * 3_600_000;
  return programme.arenas.flatMap((entry) => {
    const period = entry.everyMinutes * 60_000;
    const offset = entry.offsetMinutes * 60_000;
    const slots: ProgrammeSlot[] = [];
    for (let start = Math.ceil((nowMs - offset) / period) * period + offset; start <= until; start += period) {
      if (start <= nowMs) continue;
      const startsAt = new Date(start);
      slots.push({ programmeKey: `${entry.key}@${startsAt.toISOString()}`, name: entry.name, rules: entry.rules, control: entry.control, startsAt, durationMinutes: entry.durationMinutes, rated: entry.rated });
    }
    return slots;
  });
}
