/** The API's settings, under {@code npuzzle.api}. */
package io.npuzzle.api.config;
