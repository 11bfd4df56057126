# JVM images of the solve service, from the apps packaged on the host (bin/images does all three steps):
#   mvn -B -DskipTests package -pl api,worker -am
#   docker build --target api    -t npuzzle/api:dev .
#   docker build --target worker -t npuzzle/worker:dev .
# Nothing here needs the network but the base image; --build-arg JRE_IMAGE=... names another Java 17 runtime with
# bash (bin/images --local-bases builds one from Debian packages, npuzzle-local/jre:17).

ARG JRE_IMAGE=eclipse-temurin:17-jre

FROM ${JRE_IMAGE} AS runtime
# A numeric non-root user, so that Kubernetes can check runAsNonRoot against the image. useradd where the base has
# it (Temurin's Ubuntu, Debian), the same entries written by hand where it has not.
RUN if command -v useradd >/dev/null 2>&1; then \
        groupadd --system --gid 1001 npuzzle \
        && useradd --system --uid 1001 --gid npuzzle --home-dir /deployments --no-create-home \
            --shell /usr/sbin/nologin npuzzle; \
    else \
        echo 'npuzzle:x:1001:' >>/etc/group \
        && echo 'npuzzle:x:1001:1001::/deployments:/usr/sbin/nologin' >>/etc/passwd; \
    fi \
    && mkdir /deployments && chown 1001:1001 /deployments
WORKDIR /deployments
# Transparent huge pages for the heap, where the host offers them (as bin/lib.sh explains): the worker's pattern
# databases are read at random.
ENV JAVA_OPTS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError -XX:+UseTransparentHugePages -Xlog:pagesize=off -Djava.util.logging.manager=org.jboss.logmanager.LogManager"
USER 1001
# exec: the JVM becomes PID 1 and gets SIGTERM itself, which starts Quarkus' graceful shutdown.
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar quarkus-run.jar"]

FROM runtime AS api
# Quarkus fast-jar layout, dependencies first: they change least often.
COPY --chown=1001:1001 api/target/quarkus-app/lib/ lib/
COPY --chown=1001:1001 api/target/quarkus-app/*.jar ./
COPY --chown=1001:1001 api/target/quarkus-app/app/ app/
COPY --chown=1001:1001 api/target/quarkus-app/quarkus/ quarkus/
EXPOSE 8080

FROM runtime AS worker
# The parallel collector compacts every object when the heap fills, as bin/lib.sh explains.
ENV JAVA_OPTS="-XX:+UseParallelGC ${JAVA_OPTS}"
COPY --chown=1001:1001 worker/target/quarkus-app/lib/ lib/
COPY --chown=1001:1001 worker/target/quarkus-app/*.jar ./
COPY --chown=1001:1001 worker/target/quarkus-app/app/ app/
COPY --chown=1001:1001 worker/target/quarkus-app/quarkus/ quarkus/
# The pattern databases live in /deployments/pdb, a volume shared by every worker of a deployment (a named volume in
# Compose, a PersistentVolumeClaim on Kubernetes): the workers build what it lacks there in the background, one at a
# time, or a one-shot `databases` run fills it (the class io.npuzzle.cli.Main, the solver code the worker runs).
# Only the 15-puzzle's small set, which a worker loads before it reports ready, is built into the image (seconds),
# and so seeds a new named volume.
ENV NPUZZLE_PDB_DIR=/deployments/pdb
RUN java -Xmx1g -cp 'lib/main/*' io.npuzzle.cli.Main databases 4x4 && ls -l "$NPUZZLE_PDB_DIR"
VOLUME /deployments/pdb
EXPOSE 8080
