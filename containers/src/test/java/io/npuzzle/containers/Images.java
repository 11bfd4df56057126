package io.npuzzle.containers;

import com.github.dockerjava.api.exception.NotFoundException;
import org.testcontainers.DockerClientFactory;


/**
 * The images the tests run. The project's own ({@code npuzzle/api:dev}, {@code npuzzle/worker:dev}) come from
 * {@code bin/images}. Each base image is the one its variable names ({@code KAFKA_IMAGE}, {@code REDIS_IMAGE},
 * {@code JRE_IMAGE}, as for docker-compose.yml), else the stand-in {@code bin/images --local-bases} builds when this
 * engine has it (no registry needed), else the public image.
 */
final class Images {

    static final String API = "npuzzle/api:dev";
    static final String WORKER = "npuzzle/worker:dev";

    private Images() {
    }

    /** The compose file's broker, whose version the deploy module's checks hold to the apps' kafka-clients. */
    static String kafka() {
        String publicImage = ComposeFile.ofRepository().defaultImage("kafka");
        String version = publicImage.substring(publicImage.lastIndexOf(':') + 1);
        return choose("KAFKA_IMAGE", "npuzzle-local/kafka:" + version, publicImage);
    }

    static String redis() {
        return choose("REDIS_IMAGE", "npuzzle-local/redis:7", "redis:7.4");
    }

    static String jre() {
        return choose("JRE_IMAGE", "npuzzle-local/jre:17", "eclipse-temurin:17-jre");
    }

    private static String choose(String variable, String localStandIn, String publicImage) {
        String chosen = System.getenv(variable);
        if (chosen != null && !chosen.isBlank()) {
            return chosen;
        }
        return exists(localStandIn) ? localStandIn : publicImage;
    }

    static boolean exists(String image) {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }
}
