/** Read-only access to a git repository: the public surface of src/git. */
export { GitError, isGitError, type GitErrorCode } from './errors';
export { openBlobReader, type BlobReader } from './blobs';
export { diffTrees, diffTreesBatch, diffIndex, untrackedFiles, parseRawDiff, type FileChange, type ChangeStatus } from './diff';
export {
  locateRepository,
  checkRef,
  isCommitId,
  isRepositoryPath,
  resolveCommit,
  resolveHead,
  commitInfo,
  commitInfos,
  logCommits,
  parseRange,
  rangeCommits,
  rangeMergeCount,
  rangeSubtreeCount,
  subtreeImportDir,
  emptyTree,
  originUrl,
  shallowBoundaries,
  type CommitInfo,
  type RepositoryLocation,
  type ParsedRange,
} from './refs';
