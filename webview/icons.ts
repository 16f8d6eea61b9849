/** The codicon of each RefDiff relationship. */
const RELATIONSHIP_ICONS: Record<string, string> = {
  RENAME: 'edit',
  MOVE: 'arrow-right',
  INTERNAL_MOVE: 'arrow-right',
  MOVE_RENAME: 'arrow-swap',
  INTERNAL_MOVE_RENAME: 'arrow-swap',
  EXTRACT: 'export',
  EXTRACT_MOVE: 'export',
  INLINE: 'fold-down',
  PULL_UP: 'arrow-up',
  PULL_UP_SIGNATURE: 'arrow-up',
  PUSH_DOWN: 'arrow-down',
  PUSH_DOWN_IMPL: 'arrow-down',
  CHANGE_SIGNATURE: 'symbol-parameter',
  CONVERT_TYPE: 'symbol-class',
  EXTRACT_SUPER: 'type-hierarchy-super',
};

export const relationshipIcon = (relationship: string): string => RELATIONSHIP_ICONS[relationship] ?? 'symbol-method';
