package io.npuzzle.deploy.k8s;

import io.strimzi.api.kafka.model.topic.KafkaTopic;

/** The Kafka topic a KafkaTopic stands for. */
public final class TopicNames {

    private TopicNames() {
    }

    /** Its spec.topicName, or else, as Strimzi does, its resource name. */
    public static String of(KafkaTopic topic) {
        String topicName = topic.getSpec().getTopicName();
        return topicName != null ? topicName : topic.getMetadata().getName();
    }
}
