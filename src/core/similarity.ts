/**
 * Code similarity of RefDiff 2.0 (Section 3.3): token multisets weighted by TF-IDF,
 * idf(t) = log(1 + |E| / n_t), compared by the weighted Jaccard coefficient, and the
 * containment variant used for Extract and Inline.
 */

/** A multiset of tokens: token id → multiplicity. */
export type Multiset = Map<number, number>;

/** Interns tokens as small integers and counts in how many elements each occurs. */
export interface Vocabulary {
  ids: Map<string, number>;
  /** Document frequency per token id. */
  df: number[];
  /** Number of elements counted. */
  documents: number;
  /** idf per token id, filled by `freeze`. */
  idf: Float64Array;
  /** idf of a token that no element contains (interned after `freeze`). */
  unseenIdf: number;
}

export function createVocabulary(): Vocabulary {
  return { ids: new Map(), df: [], documents: 0, idf: new Float64Array(0), unseenIdf: 0 };
}

function tokenId(vocabulary: Vocabulary, token: string): number {
  let id = vocabulary.ids.get(token);
  if (id === undefined) {
    id = vocabulary.df.length;
    vocabulary.ids.set(token, id);
    vocabulary.df.push(0);
  }
  return id;
}

/** Multiset of tokens, interning new tokens. `count` adds it to the document frequencies. */
export function toMultiset(vocabulary: Vocabulary, tokens: Iterable<string>, count: boolean): Multiset {
  const multiset: Multiset = new Map();
  for (const token of tokens) {
    const id = tokenId(vocabulary, token);
    multiset.set(id, (multiset.get(id) ?? 0) + 1);
  }
  if (count) {
    vocabulary.documents++;
    for (const id of multiset.keys()) vocabulary.df[id]++;
  }
  return multiset;
}

/**
 * The counted multisets `documents` read with some tokens replaced (old id → new id), as if written
 * with the new ones: each multiset holding an old token is replaced by a new one, and the document
 * frequencies and idf of the tokens involved follow (the others keep theirs). Returns the indexes
 * of the multisets replaced.
 */
export function substituteTokens(vocabulary: Vocabulary, documents: Multiset[], substitutions: Map<number, number>): number[] {
  const changed: number[] = [];
  documents.forEach((m, i) => {
    let hit = false;
    for (const old of substitutions.keys()) if (m.has(old)) hit = true;
    if (!hit) return;
    const read: Multiset = new Map();
    for (const [t, count] of m) {
      const id = substitutions.get(t) ?? t;
      read.set(id, (read.get(id) ?? 0) + count);
    }
    for (const t of m.keys()) vocabulary.df[t]--;
    for (const t of read.keys()) vocabulary.df[t]++;
    documents[i] = read;
    changed.push(i);
  });
  const n = Math.max(vocabulary.documents, 1);
  for (const [old, id] of substitutions) {
    for (const t of [old, id]) if (t < vocabulary.idf.length) vocabulary.idf[t] = Math.log(1 + n / Math.max(vocabulary.df[t], 1));
  }
  return changed;
}

/** Computes idf for every token seen; tokens never counted get the highest idf. */
export function freeze(vocabulary: Vocabulary): void {
  const n = Math.max(vocabulary.documents, 1);
  vocabulary.idf = Float64Array.from(vocabulary.df, (df) => Math.log(1 + n / Math.max(df, 1)));
  vocabulary.unseenIdf = Math.log(1 + n);
}

function idf(vocabulary: Vocabulary, t: number): number {
  return t < vocabulary.idf.length ? vocabulary.idf[t] : vocabulary.unseenIdf;
}

/** Σ m(t)·idf(t): the weight of a multiset. */
export function weight(vocabulary: Vocabulary, m: Multiset): number {
  let sum = 0;
  for (const [t, count] of m) sum += count * idf(vocabulary, t);
  return sum;
}

/** Σ min(m1(t), m2(t))·idf(t). */
export function intersectionWeight(vocabulary: Vocabulary, m1: Multiset, m2: Multiset): number {
  const [small, large] = m1.size <= m2.size ? [m1, m2] : [m2, m1];
  let sum = 0;
  for (const [t, count] of small) {
    const other = large.get(t);
    if (other !== undefined) sum += Math.min(count, other) * idf(vocabulary, t);
  }
  return sum;
}

/** Weighted Jaccard: Σ min·idf / Σ max·idf (0 when both are empty). Weights may be passed when known. */
export function similarity(vocabulary: Vocabulary, m1: Multiset, m2: Multiset, w1 = weight(vocabulary, m1), w2 = weight(vocabulary, m2)): number {
  const common = intersectionWeight(vocabulary, m1, m2);
  const union = w1 + w2 - common;
  return union <= 0 ? 0 : common / union;
}

/** Containment: Σ min·idf / Σ m1·idf, i.e. how much of m1 is in m2 (1 when m1 ⊆ m2). */
export function containment(vocabulary: Vocabulary, m1: Multiset, m2: Multiset): number {
  const w1 = weight(vocabulary, m1);
  return w1 <= 0 ? 0 : intersectionWeight(vocabulary, m1, m2) / w1;
}

/** m1 \ m2: max(0, m1(t) − m2(t)). */
export function minus(m1: Multiset, m2: Multiset): Multiset {
  const result: Multiset = new Map();
  for (const [t, count] of m1) {
    const rest = count - (m2.get(t) ?? 0);
    if (rest > 0) result.set(t, rest);
  }
  return result;
}

/** m1 ∩ m2: min(m1(t), m2(t)), what the two hold alike. */
export function common(m1: Multiset, m2: Multiset): Multiset {
  const [small, large] = m1.size <= m2.size ? [m1, m2] : [m2, m1];
  const result: Multiset = new Map();
  for (const [t, count] of small) {
    const other = large.get(t);
    if (other !== undefined) result.set(t, Math.min(count, other));
  }
  return result;
}

/** m1 + m2. */
export function plus(m1: Multiset, m2: Multiset): Multiset {
  const result: Multiset = new Map(m1);
  for (const [t, count] of m2) result.set(t, (result.get(t) ?? 0) + count);
  return result;
}
