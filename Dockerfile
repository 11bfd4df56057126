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
COPY --chown=1001:1001 worker/target/quarkus-app/lib/ lib/
COPY --chown=1001:1001 worker/target/quarkus-app/*.jar ./
COPY --chown=1001:1001 worker/target/quarkus-app/app/ app/
COPY --chown=1001:1001 worker/target/quarkus-app/quarkus/ quarkus/
# The pattern databases are built here, once per image, with the CLI (the same solver code the worker runs). Every
# replica then loads them from the image: no rebuild on start, no shared volume, and a root filesystem that can stay
# read-only. PDB_SHAPES names the shapes (4x4 always; add e.g. "3x4 3x5 2x7 4x5 5x5 6x6 7x7 8x8" for production, the 5x5 set
# taking minutes), PDB_SET=7-8 adds the large set of 4x4 and, when PDB_SHAPES names it, of 4x5 and 5x4 (minutes,
# 2 GB of heap while building) and makes the worker use it.
ARG PDB_SHAPES=4x4
ARG PDB_SET=6-6-3
ENV NPUZZLE_PDB_DIR=/deployments/pdb \
    NPUZZLE_PDB_SET=${PDB_SET}
RUN java -Xmx3g -cp 'lib/main/*' io.npuzzle.cli.Main databases --set 6-6-3 4x4 ${PDB_SHAPES} \
    && if [ "${PDB_SET}" = "7-8" ]; then java -Xmx3g -cp 'lib/main/*' io.npuzzle.cli.Main databases --set 7-8 4x4 \
         $(for shape in ${PDB_SHAPES}; do case "$shape" in 4x5|5x4) echo "$shape";; esac; done); fi \
    && ls -l "$NPUZZLE_PDB_DIR"
EXPOSE 8080
