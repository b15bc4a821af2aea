/**
 * One load-generator process of the club chat benchmark (bench/clubs-chat.ts
 * forks it with IPC): its share of the members, each a real signed-in socket
 * in the club's chat room, sending lines at a fixed rate round-robin from
 * distinct members and timing every line every socket receives. In its own
 * process so that parsing tens of thousands of frames a second does not share
 * an event loop (or a core) with the orchestrator or with the other half.
 *
 * A line's text carries its id and when it was sent (performance.timeOrigin +
 * performance.now(), a clock every process on the machine shares), so a
 * receipt in either process is timed against a send in either.
 */
import { WebSocket } from "ws";
import { addressOf, openAll, sleep } from "./bench-kit.ts";

export interface ChatMembersSetup {
  readonly wsUrl: string;
  readonly clubId: number;
  readonly room: string;
  readonly cookies: readonly string[];
  /** This process's number (line ids are generator * 1e6 + sequence). */
  readonly generator: number;
  /** Its first socket's place among all members (for the loopback address). */
  readonly firstIndex: number;
}

export interface ChatSendPlan {
  readonly ratePerSecond: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
}

export interface ChatMembersReport {
  /** Ids of the measured lines this process sent that were acknowledged. */
  readonly acked: number[];
  readonly refusals: Record<string, number>;
  readonly ackLatenciesMs: number[];
  /** Every receipt of a measured line by a socket of this process, send to receipt. */
  readonly receiptLatenciesMs: number[];
  /** Per measured line id: [receipts here, latest receipt here in ms]. */
  readonly perLine: Record<string, [number, number]>;
  readonly duplicates: number;
  /** CPU this process used from the first line sent to the report. */
  readonly cpuMs: number;
}

export type ChatMembersRequest = { type: "setup"; setup: ChatMembersSetup } | { type: "send"; plan: ChatSendPlan } | { type: "count" } | { type: "report" } | { type: "close" };
export type ChatMembersReply = { type: "ready"; sockets: number } | { type: "sent" } | { type: "count"; receipts: number; acked: number } | { type: "report"; report: ChatMembersReport } | { type: "closed" };

const LINE_EVENT = "club.chat.line";
const clock = () => performance.timeOrigin + performance.now();

interface Member {
  readonly ws: WebSocket;
  /** Measured line ids this socket received (to count duplicates, not only receipts). */
  readonly seen: Set<number>;
}

const members: Member[] = [];
const receiptLatencies: number[] = [];
const perLine = new Map<number, [number, number]>();
const pendingAcks = new Map<string, (answer: { type: string; data: { code?: string } }) => void>();
let duplicates = 0;
let receipts = 0;

function onFrame(member: Member, raw: Buffer): void {
  const message = JSON.parse(raw.toString()) as { type: string; data: { id?: string; code?: string; type?: string; payload?: { text?: string } } };
  if (message.type === "ack" || message.type === "refusal") {
    const id = message.data.id ?? "";
    pendingAcks.get(id)?.(message);
    pendingAcks.delete(id);
    return;
  }
  if (message.type !== "event" || message.data.type !== LINE_EVENT) return;
  // "bench <id> <sentAt> <m|w>": only measured lines count.
  const [, id, sentAt, phase] = (message.data.payload?.text ?? "").split(" ");
  if (phase !== "m") return;
  const lineId = Number(id);
  if (member.seen.has(lineId)) {
    duplicates += 1;
    return;
  }
  member.seen.add(lineId);
  const latency = clock() - Number(sentAt);
  receiptLatencies.push(latency);
  receipts += 1;
  const line = perLine.get(lineId) ?? [0, 0];
  line[0] += 1;
  line[1] = Math.max(line[1], latency);
  perLine.set(lineId, line);
}

function openMember(setup: ChatMembersSetup, offset: number): Promise<Member> {
  const ws = new WebSocket(setup.wsUrl, { localAddress: addressOf(setup.firstIndex + offset), headers: { cookie: setup.cookies[offset] ?? "" }, perMessageDeflate: false });
  const member: Member = { ws, seen: new Set() };
  return new Promise((resolve, reject) => {
    const onSubscribe = (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { type: string; data: { room?: string; code?: string } };
      if (message.type === "subscribed" && message.data.room === setup.room) {
        ws.off("message", onSubscribe);
        ws.on("message", (frame: Buffer) => onFrame(member, frame));
        resolve(member);
      } else if (message.type === "error") {
        reject(new Error(`subscribe refused: ${JSON.stringify(message.data)}`));
      }
    };
    ws.on("message", onSubscribe);
    ws.once("open", () => ws.send(JSON.stringify({ type: "subscribe", data: { room: setup.room } })));
    ws.once("error", reject);
  });
}

/** Sends lines at a steady rate (absolute schedule, no drift), each from the next member in turn. */
async function sendLines(setup: ChatMembersSetup, plan: ChatSendPlan) {
  const acked: number[] = [];
  const refusals: Record<string, number> = {};
  const ackLatencies: number[] = [];
  const gapMs = 1000 / plan.ratePerSecond;
  const total = Math.round((plan.warmupSeconds + plan.seconds) * plan.ratePerSecond);
  const warmup = Math.round(plan.warmupSeconds * plan.ratePerSecond);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let sequence = 0; sequence < total; sequence++) {
    const due = started + sequence * gapMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const member = members[sequence % members.length];
    if (!member) break;
    const lineId = setup.generator * 1_000_000 + sequence;
    const measured = sequence >= warmup;
    const commandId = `c${lineId}`;
    const sentAt = clock();
    inFlight.push(
      new Promise<void>((resolve) => {
        pendingAcks.set(commandId, (answer) => {
          if (measured) {
            if (answer.type === "ack") {
              acked.push(lineId);
              ackLatencies.push(clock() - sentAt);
            } else {
              const code = answer.data.code ?? "unknown";
              refusals[code] = (refusals[code] ?? 0) + 1;
            }
          }
          resolve();
        });
        member.ws.send(JSON.stringify({ type: "command", data: { id: commandId, name: "club.chat.send", input: { clubId: setup.clubId, text: `bench ${lineId} ${sentAt} ${measured ? "m" : "w"}` } } }));
      }),
    );
  }
  await Promise.race([Promise.all(inFlight), sleep(30_000)]);
  return { acked, refusals, ackLatencies };
}

let setup: ChatMembersSetup | undefined;
let sent: Awaited<ReturnType<typeof sendLines>> | undefined;
let cpuAtSend = process.cpuUsage();
const reply = (message: ChatMembersReply) => process.send?.(message);

process.on("message", (request: ChatMembersRequest) => {
  void (async () => {
    if (request.type === "setup") {
      const given = request.setup;
      setup = given;
      members.push(...(await openAll(given.cookies.length, (offset) => openMember(given, offset), 100)));
      reply({ type: "ready", sockets: members.length });
    } else if (request.type === "send" && setup) {
      cpuAtSend = process.cpuUsage();
      sent = await sendLines(setup, request.plan);
      reply({ type: "sent" });
    } else if (request.type === "count") {
      reply({ type: "count", receipts, acked: sent?.acked.length ?? 0 });
    } else if (request.type === "report") {
      const cpu = process.cpuUsage(cpuAtSend);
      reply({
        type: "report",
        report: {
          acked: sent?.acked ?? [],
          refusals: sent?.refusals ?? {},
          ackLatenciesMs: sent?.ackLatencies ?? [],
          receiptLatenciesMs: receiptLatencies,
          perLine: Object.fromEntries(perLine),
          duplicates,
          cpuMs: (cpu.user + cpu.system) / 1000,
        },
      });
    } else if (request.type === "close") {
      for (const member of members) member.ws.close();
      await sleep(200);
      for (const member of members) member.ws.terminate();
      reply({ type: "closed" });
      process.disconnect?.();
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
