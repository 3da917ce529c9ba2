/**
 * Where the server keeps documents and rooms. A document is a snapshot (a merged Yjs update) plus
 * an append-only log of the updates received since; every update is appended as it arrives, and
 * compaction replaces log entries only in the same atomic write that stores the snapshot built
 * from them.
 */
export interface StoredDocument {
  snapshot: Uint8Array | null;
  /** Updates after the snapshot, oldest first, with their sequence numbers. */
  log: { seq: number; update: Uint8Array }[];
}

/** A joining device's answer (server/joinAnswer.ts), kept with the digest of the stored document it holds. */
export interface StoredJoinAnswer {
  digest: string;
  /** gzip-compressed. */
  body: Uint8Array;
}

export interface RoomRecord {
  /** SHA-256 (hex) of the edit token. */
  editHash: string;
  /** SHA-256 (hex) of the view token. */
  viewHash: string;
  createdAt: number;
}

export interface DocStore {
  load(name: string): Promise<StoredDocument>;
  /** Appends one update; resolves once it is durable. Returns its sequence number. */
  append(name: string, update: Uint8Array): Promise<number>;
  /**
   * Folds the stored snapshot and log into one snapshot with `merge`, built only from what is
   * stored, and drops exactly the entries it folded in the same atomic write. Returns how many.
   */
  compact(name: string, merge: (updates: Uint8Array[]) => Uint8Array): Promise<number>;
  loadJoinAnswer(name: string): Promise<StoredJoinAnswer | null>;
  /** Replaces the document's kept answer. */
  saveJoinAnswer(name: string, answer: StoredJoinAnswer): Promise<void>;
  getRoom(room: string): Promise<RoomRecord | null>;
  putRoom(room: string, record: RoomRecord): Promise<void>;
  /**
   * Rooms in the store. The embedded store counts once when it opens and keeps the count (no other
   * process can write to its folder); PostgreSQL, shared by several processes, counts each time.
   */
  countRooms(): Promise<number>;
  close(): Promise<void>;
}
