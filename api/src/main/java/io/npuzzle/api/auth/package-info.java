/** API keys: who may call {@code /api/}, and whose jobs each caller may see. */
package io.npuzzle.api.auth;
