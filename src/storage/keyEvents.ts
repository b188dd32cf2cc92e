// "Keys or tiers changed": each instance caches resolved API keys, so a revocation or tier
// change must reach every instance. Embedded mode has one process and needs no message;
// server mode publishes on a Redis channel that every instance subscribes to.

import type { Redis } from 'ioredis';

export interface KeyEvents {
  /** Tells every instance (this one included) to forget cached keys. */
  publish(): Promise<void>;
  /** `fn` runs on every change announced by any instance, and whenever delivery may have lapsed. */
  subscribe(fn: () => void): void;
  close(): Promise<void>;
}

export class LocalKeyEvents implements KeyEvents {
  private readonly listeners = new Set<() => void>();
  async publish() {
    for (const fn of this.listeners) fn();
  }
  subscribe(fn: () => void) {
    this.listeners.add(fn);
  }
  async close() {}
}

export class RedisKeyEvents implements KeyEvents {
  private readonly listeners = new Set<() => void>();
  private readonly channel: string;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    prefix: string,
  ) {
    this.channel = `${prefix}keys-changed`;
    sub.on('message', (channel: string) => {
      if (channel === this.channel) this.notify();
    });
    // Messages sent while the subscriber was disconnected are lost: forget everything instead.
    sub.on('ready', () => this.notify());
  }

  /** `pub` is the shared client; a subscriber connection is made from it. */
  static async open(pub: Redis, prefix: string): Promise<RedisKeyEvents> {
    const sub = pub.duplicate();
    sub.on('error', () => {}); // reconnects on its own; commands on `pub` report failures
    const events = new RedisKeyEvents(pub, sub, prefix);
    await sub.subscribe(events.channel);
    return events;
  }

  private notify() {
    for (const fn of this.listeners) fn();
  }

  async publish() {
    this.notify(); // this instance at once, not after the round trip
    await this.pub.publish(this.channel, '1');
  }

  subscribe(fn: () => void) {
    this.listeners.add(fn);
  }

  async close() {
    this.listeners.clear();
    this.sub.disconnect();
  }
}
