package io.npuzzle.api.messaging;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import org.jboss.logging.Logger;

/**
 * Clears the outcome group as a replica starts, before its consumer joins. The broker keeps the members of a
 * process that stopped without leaving the group (killed, or cut off from a broker that stopped first, also across
 * a broker restart) until their sessions time out, and a join waits for them: outcomes published meanwhile would
 * wait unrecorded. Recording an outcome twice changes nothing, so evicting the live replicas too costs them only
 * the rejoin that the new member's join asks of them anyway.
 */
@ApplicationScoped
public class StaleMemberEviction {

    private static final Logger LOG = Logger.getLogger(StaleMemberEviction.class);

    // Before the messaging extension starts the consumers (its observer has priority LIBRARY_BEFORE).
    void onStart(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event, OutcomeGroup group) {
        try {
            int removed = group.removeMembers();
            if (removed > 0) {
                LOG.infof("removed %d member%s from consumer group %s: none of a stopped replica holds partitions",
                        removed, removed == 1 ? "" : "s", group.groupId());
            }
        } catch (OutcomeGroup.KafkaCallException e) {
            LOG.warnf("could not clear consumer group %s (%s): members of stopped replicas leave it when their"
                    + " sessions time out", group.groupId(), e.getMessage());
        }
    }
}
