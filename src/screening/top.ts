/**
 * The first `k` items in an order, without sorting them all: a bounded heap whose root is the worst item kept.
 * A common name in a large list is borne by thousands of entities, and only the first hundred are reported.
 * Items offered in order (the bearers of one name come in entity id order) are kept as a plain sorted list,
 * and the heap is made only when an item comes out of order.
 */
export class Top<T> {
  private heap: T[] = [];
  /** Every item so far came in order: `heap` is a sorted list, not a heap. */
  private inOrder = true;

  constructor(
    readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  /** The worst item kept once `k` are kept (an item must come before it to enter), else undefined. */
  get bar(): T | undefined {
    if (this.k === 0 || this.heap.length < this.k) return undefined;
    return this.inOrder ? this.heap[this.heap.length - 1] : this.heap[0];
  }

  offer(item: T): void {
    const heap = this.heap;
    if (this.inOrder) {
      if (heap.length === 0 || this.compare(heap[heap.length - 1]!, item) <= 0) {
        // After every item kept: kept while there is room, else no better than the worst kept.
        if (heap.length < this.k) heap.push(item);
        return;
      }
      this.inOrder = false;
      // Sorted best first: reversed, the worst is at the root and every parent is worse than its children.
      heap.reverse();
    }
    if (heap.length < this.k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && this.worse(i, (i - 1) >> 1); i = (i - 1) >> 1) this.swap(i, (i - 1) >> 1);
    } else if (this.k > 0 && this.compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let w = i;
        if (l < heap.length && this.worse(l, w)) w = l;
        if (r < heap.length && this.worse(r, w)) w = r;
        if (w === i) break;
        this.swap(i, w);
        i = w;
      }
    }
  }

  /** The items kept, in order, handed over without a copy: the Top is empty afterwards. */
  take(): T[] {
    const items = this.heap;
    const inOrder = this.inOrder;
    this.heap = [];
    this.inOrder = true;
    return inOrder ? items : items.sort(this.compare);
  }

  private worse(i: number, j: number): boolean {
    return this.compare(this.heap[i]!, this.heap[j]!) > 0;
  }

  private swap(i: number, j: number): void {
    const t = this.heap[i]!;
    this.heap[i] = this.heap[j]!;
    this.heap[j] = t;
  }
}

