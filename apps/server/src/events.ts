/** What a settings write changed. */
export interface SettingsChange {
  /** Ids of settings whose stored value changed. */
  changed: string[];
  /** True when a change affects report numbers (excluded statuses, date type, zone, week start). */
  affectsReports: boolean;
  /** True when the lookup tables must be rebuilt (zone or excluded statuses). */
  needsRebuild: boolean;
}

/** The events of one store, by name, with the payload each carries. */
export interface StoreEventMap {
  /**
   * A batch of orders was committed (`ingestOrders`), or report figures changed another way
   * (product costs). A worker thread's ingestion is told here by the thread that ran it.
   */
  ingested: undefined;
  /** Settings were saved with at least one changed value. */
  settingsChanged: SettingsChange;
  /** Every analytics lookup table and rollup was emptied (import "delete"). */
  analyticsDataDeleted: undefined;
}

type Listener<P> = (payload: P) => void;

/** An event without a payload is emitted by its name alone. */
type PayloadArgs<P> = P extends undefined ? [] : [payload: P];

/**
 * The event emitter of one store: one per open database (`Db.events`, made by `openDatabase`),
 * so a listener hears its own store's events only, never another app's in the same process.
 * Listeners run in the order they were added; one that throws is logged and the others still
 * run, since the writer that emits has already committed and must not fail for a listener.
 */
export class StoreEvents {
  // One record per registration, so a function added twice is called twice and each
  // unsubscribe removes only its own registration.
  private readonly listeners = new Map<keyof StoreEventMap, Set<{ listener: Listener<never> }>>();

  /** Adds `listener` to the event `name`; returns the function that removes it. */
  on<K extends keyof StoreEventMap>(name: K, listener: Listener<StoreEventMap[K]>): () => void {
    let registered = this.listeners.get(name);
    if (!registered) {
      registered = new Set();
      this.listeners.set(name, registered);
    }
    const registration = { listener };
    registered.add(registration);
    return () => {
      registered.delete(registration);
    };
  }

  /** Calls the listeners of `name` with the payload, in order. */
  emit<K extends keyof StoreEventMap>(name: K, ...args: PayloadArgs<StoreEventMap[K]>): void {
    const registered = this.listeners.get(name);
    if (!registered) return;
    const payload = args[0] as StoreEventMap[K];
    for (const { listener } of registered) {
      try {
        (listener as Listener<StoreEventMap[K]>)(payload);
      } catch (error) {
        console.error(error);
      }
    }
  }
}
