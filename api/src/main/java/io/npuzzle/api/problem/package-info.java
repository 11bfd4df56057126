/** RFC 9457 problem responses: every failure of a request, typed from {@link io.npuzzle.protocol.ProblemType}. */
package io.npuzzle.api.problem;
