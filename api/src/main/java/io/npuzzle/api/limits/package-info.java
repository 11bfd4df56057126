/** Limits in front of every request: body size and a rate per client. */
package io.npuzzle.api.limits;
