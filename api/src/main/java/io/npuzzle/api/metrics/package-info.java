/** The API's meters, served at {@code /q/metrics}. */
package io.npuzzle.api.metrics;
