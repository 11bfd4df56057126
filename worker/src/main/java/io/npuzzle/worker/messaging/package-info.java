/**
 * Kafka: the consumers that take solve requests (quick and heavy lanes) and split-search tasks and results, the
 * decoders that send unworkable records to the dead-letter topics, and the publishers of outcomes and tasks.
 */
package io.npuzzle.worker.messaging;
