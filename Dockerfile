# syntax=docker/dockerfile:1
# JVM images of the solve service, built from source (docker compose build does both):
#   docker build --target api    -t npuzzle/api:dev .
#   docker build --target worker -t npuzzle/worker:dev .

FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
# The cache mount keeps downloaded dependencies between builds without baking them into a layer.
RUN --mount=type=cache,target=/root/.m2 \
    mvn -B -q -pl api,worker -am package -DskipTests

FROM eclipse-temurin:17-jre AS runtime
# A numeric non-root user, so that Kubernetes can check runAsNonRoot against the image.
RUN groupadd --system --gid 1001 npuzzle \
    && useradd --system --uid 1001 --gid npuzzle --home-dir /deployments --no-create-home npuzzle \
    && mkdir /deployments && chown npuzzle:npuzzle /deployments
WORKDIR /deployments
ENV JAVA_OPTS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError -Djava.util.logging.manager=org.jboss.logmanager.LogManager"
USER 1001
# exec: the JVM becomes PID 1 and gets SIGTERM itself, which starts Quarkus' graceful shutdown.
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar quarkus-run.jar"]

FROM runtime AS api
# Quarkus fast-jar layout, dependencies first: they change least often.
COPY --from=build --chown=1001:1001 /src/api/target/quarkus-app/lib/ lib/
COPY --from=build --chown=1001:1001 /src/api/target/quarkus-app/*.jar ./
COPY --from=build --chown=1001:1001 /src/api/target/quarkus-app/app/ app/
COPY --from=build --chown=1001:1001 /src/api/target/quarkus-app/quarkus/ quarkus/
EXPOSE 8080

FROM runtime AS worker
COPY --from=build --chown=1001:1001 /src/worker/target/quarkus-app/lib/ lib/
COPY --from=build --chown=1001:1001 /src/worker/target/quarkus-app/*.jar ./
COPY --from=build --chown=1001:1001 /src/worker/target/quarkus-app/app/ app/
COPY --from=build --chown=1001:1001 /src/worker/target/quarkus-app/quarkus/ quarkus/
# The 4x4 pattern databases are built here, once per image, by solving one 4x4 board with the CLI (the same
# solver code the worker runs). Every replica then loads them from the image in under a second: no rebuild on
# start, no shared volume, and a root filesystem that can stay read-only.
ENV NPUZZLE_PDB_DIR=/deployments/pdb
RUN echo "5 1 2 3 9 6 7 4 13 10 11 8 14 15 0 12" \
    | java -cp 'lib/main/*' io.npuzzle.cli.Main solve --rows 4 --cols 4 \
    && ls -l "$NPUZZLE_PDB_DIR"
EXPOSE 8080
