/**
 * The first `k` items in an order, without sorting them all: a bounded heap whose root is the worst item kept.
 * A common name in a large list is borne by thousands of entities, and only the first hundred are reported.
 */
export function firstInOrder<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const heap: T[] = [];
  const worse = (i: number, j: number): boolean => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number): void => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (k > 0 && compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let w = i;
        if (l < heap.length && worse(l, w)) w = l;
        if (r < heap.length && worse(r, w)) w = r;
        if (w === i) break;
        swap(i, w);
        i = w;
      }
    }
  }
  return heap.sort(compare);
}
