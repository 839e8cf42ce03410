// Resting orders and price levels as reusable nodes. An order sits in an intrusive doubly-linked
// FIFO list of its level, so appending, unlinking from anywhere and taking the head are O(1) and
// never look at the other orders of the level. Freed nodes go on a free list and come back for
// the next order, so a busy book allocates nothing once it has reached its working size.
import type { Side } from './events.ts';

export class OrderNode {
  id = 0;
  userId = 0;
  side: Side = 'buy';
  price = 0;
  remaining = 0;
  level: PriceLevel | null = null;
  prev: OrderNode | null = null;
  /** Next order of the level in time order; on the free list, the next free node. */
  next: OrderNode | null = null;
}

export class PriceLevel {
  price = 0;
  /** Sum of the remaining quantities, for depth. */
  quantity = 0;
  orders = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  /** Next free level while on the free list. */
  nextFree: PriceLevel | null = null;

  append(node: OrderNode): void {
    node.level = this;
    node.prev = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.quantity += node.remaining;
    this.orders += 1;
  }

  unlink(node: OrderNode): void {
    if (node.prev === null) this.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) this.tail = node.prev;
    else node.next.prev = node.prev;
    this.quantity -= node.remaining;
    this.orders -= 1;
    node.level = null;
    node.prev = null;
    node.next = null;
  }
}

export class OrderPool {
  private free: OrderNode | null = null;

  constructor(preallocate = 0) {
    for (let i = 0; i < preallocate; i++) this.release(new OrderNode());
  }

  acquire(): OrderNode {
    const node = this.free;
    if (node === null) return new OrderNode();
    this.free = node.next;
    node.next = null;
    return node;
  }

  release(node: OrderNode): void {
    node.level = null;
    node.prev = null;
    node.next = this.free;
    this.free = node;
  }
}

export class LevelPool {
  private free: PriceLevel | null = null;

  acquire(price: number): PriceLevel {
    let level = this.free;
    if (level === null) level = new PriceLevel();
    else this.free = level.nextFree;
    level.nextFree = null;
    level.price = price;
    level.quantity = 0;
    level.orders = 0;
    level.head = null;
    level.tail = null;
    return level;
  }

  release(level: PriceLevel): void {
    level.head = null;
    level.tail = null;
    level.nextFree = this.free;
    this.free = level;
  }
}
