/** The worker's own health check: started and ready only once the solver's pattern databases are loaded. */
package io.npuzzle.worker.health;
