/**
 * The messages and job records that the API and the workers exchange through Kafka and Redis, defined once.
 * Plain records and strings only, so that any JSON mapper serialises them without annotations and the core
 * keeps no framework dependency.
 */
package io.npuzzle.protocol;
