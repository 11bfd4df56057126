/**
 * The worker process around its jobs: its name, the budget check that refuses to start, retries through Redis
 * and Kafka outages, and a stop that lets the jobs in hand finish.
 */
package io.npuzzle.worker.lifecycle;
