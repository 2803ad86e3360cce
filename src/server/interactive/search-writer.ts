/**
 * Group commit of searches (ADR 055): the searches answered at about the same time are stored,
 * with their usage records, by one statement instead of one each. A search waits for the
 * statement that holds it and is answered only once that statement has committed, so every
 * answered search is stored and billed exactly once: the search and its usage rows are in the
 * same statement (all or nothing), and a crash before the commit loses searches that nobody
 * was answered for (their clients see the connection drop, as with a crash mid-search before).
 *
 * At most one statement per database is in flight; searches arriving meanwhile wait for the
 * next one, which takes all of them (up to MAX_GROUP). Under light load a group is one search
 * and costs what the single insert cost; under load the statement's fixed cost is shared.
 */
import type { Db } from '../db/client';
import type { usageRecords } from '../db/schema';
import { insertSearch, insertSearches, type NewSearch, type StoredSearch } from './queries';

type Usage = typeof usageRecords.$inferInsert;

interface Pending {
  search: NewSearch & { reference: string };
  usage: Usage[];
  resolve: (row: StoredSearch) => void;
  reject: (error: unknown) => void;
}

const MAX_GROUP = 200;

class SearchWriter {
  private queue: Pending[] = [];
  private isWriting = false;

  constructor(private db: Db) {}

  store(search: NewSearch & { reference: string }, usage: Usage[]): Promise<StoredSearch> {
    return new Promise((resolve, reject) => {
      this.queue.push({ search, usage, resolve, reject });
      if (!this.isWriting) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.isWriting = true;
    try {
      // Let the requests already parsed this turn of the event loop join the first group.
      await new Promise<void>((r) => setImmediate(r));
      while (this.queue.length) {
        const group = this.queue.splice(0, MAX_GROUP);
        await this.write(group);
      }
    } finally {
      this.isWriting = false;
    }
  }

  private async write(group: Pending[]): Promise<void> {
    if (group.length === 1) {
      const [p] = group;
      await insertSearch(this.db, p.search, p.usage).then(p.resolve, p.reject);
      return;
    }
    try {
      const ids = await insertSearches(this.db, group.map((p) => p.search), group.flatMap((p) => p.usage));
      for (const p of group) p.resolve({ ...p.search, id: ids.get(p.search.reference)! } as StoredSearch);
    } catch {
      // The statement stored nothing (one statement is atomic): each search is tried alone, so
      // one that cannot be stored fails alone and the others are still stored once.
      for (const p of group) await insertSearch(this.db, p.search, p.usage).then(p.resolve, p.reject);
    }
  }
}

const writers = new WeakMap<Db, SearchWriter>();

/** Stores a search and its usage rows with the others of its group; resolves once committed. */
export function storeSearch(db: Db, search: NewSearch & { reference: string }, usage: Usage[]): Promise<StoredSearch> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new SearchWriter(db);
    writers.set(db, writer);
  }
  return writer.store(search, usage);
}
