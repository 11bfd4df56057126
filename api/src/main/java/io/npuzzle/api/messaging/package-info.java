/** Kafka: the queue that hands jobs to the workers, and the consumer that records their outcomes. */
package io.npuzzle.api.messaging;
