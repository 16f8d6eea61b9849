/**
 * Helpers for a language's `regroup` hook (spec.ts): moving nodes written outside their type into
 * it, and dropping nodes that only held others (a Rust `impl` block merged into its struct).
 */
import type { CstNode } from '../core/cst';

/**
 * Makes `childId` a child of `parentId`; the new parent's tokens gain the child's (as if written
 * inside), unless `withTokens` is false (a function's tokens are its own code: its body).
 */
export function adopt(nodes: CstNode[], childId: number, parentId: number, withTokens = true): void {
  const child = nodes[childId];
  if (child.parent === parentId) return;
  if (child.parent !== undefined) {
    const old = nodes[child.parent];
    old.children = old.children.filter((id) => id !== childId);
  }
  child.parent = parentId;
  // the unnamed code it was written in lay around it in its old parent's code, not in its new one's
  delete child.unnamedDepth;
  const parent = nodes[parentId];
  parent.children.push(childId);
  if (withTokens) parent.tokens = parent.tokens.concat(child.tokens);
}

/** The nodes without `dropped` (which must have no children left), ids renumbered. */
export function withoutNodes(nodes: CstNode[], dropped: Set<number>): CstNode[] {
  if (dropped.size === 0) return nodes;
  for (const id of dropped) {
    if (nodes[id].children.length > 0) throw new Error(`node ${id} (${nodes[id].name}) is dropped with children`);
  }
  const newId = new Map<number, number>();
  const kept = nodes.filter((node) => !dropped.has(node.id));
  kept.forEach((node, index) => newId.set(node.id, index));
  const renumber = (id: number) => {
    const mapped = newId.get(id);
    if (mapped === undefined) throw new Error(`node ${id} is dropped but still referenced`);
    return mapped;
  };
  for (const node of kept) {
    node.id = renumber(node.id);
    node.parent = node.parent === undefined ? undefined : renumber(node.parent);
    node.children = node.children.filter((id) => !dropped.has(id)).map(renumber);
  }
  return kept;
}
