/**
 * What `parseResponse` loads only when an answer fails: the error from a failed response, and the
 * words for a body that does not fit its schema. One lazy chunk for both weighs less than two.
 */
export { createErrorFromResponse } from './createErrorFromResponse'
export { describeIssue } from './describeIssue'
