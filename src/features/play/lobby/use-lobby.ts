/**
 * The lobby's open seeks, live: server-rendered first, then the `lobby`
 * room's seek.added and seek.removed; read again whenever the room is
 * (re)confirmed, since events sent while the socket was away are not replayed.
 */
import { useState } from "react";
import { eventPayload } from "../../../platform/realtime/protocol.ts";
import { useRoomEvents, useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";
import { lobbyRoom, seekAddedEvent, seekRemovedEvent } from "../play.events.ts";
import type { SeekView } from "../play.schema.ts";

const lobby = lobbyRoom();

export function useLobby(initial: readonly SeekView[]): { seeks: readonly SeekView[]; remove: (id: number) => void } {
  const send = useSocketCommand();
  const [seeks, setSeeks] = useState<readonly SeekView[]>(initial);
  const remove = (id: number) => setSeeks((current) => current.filter((seek) => seek.id !== id));
  useRoomEvents(
    lobby,
    (event) => {
      const added = eventPayload(seekAddedEvent, event);
      if (added) {
        setSeeks((current) => [...current.filter((seek) => seek.id !== added.id), added]);
        return;
      }
      const removed = eventPayload(seekRemovedEvent, event);
      if (removed) remove(removed.id);
    },
    {
      onSubscribed: () => {
        void send("seek.lobby", {}).then((answer) => {
          if (answer.ok) setSeeks(answer.value);
        });
      },
    },
  );
  return { seeks, remove };
}
