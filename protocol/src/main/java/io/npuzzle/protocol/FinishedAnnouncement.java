package io.npuzzle.protocol;

/**
 * What the scripts that end a job ({@link JobScripts#FINISH}, {@link JobScripts#CANCEL}) publish on
 * {@link RedisKeys#FINISHED_CHANNEL}: the job id, its request and its outcome as stored, a line each, so that a long
 * poll woken by it needs no read of the job. A message of the id alone (published by an earlier release) carries
 * neither.
 *
 * @param request the request's JSON, or null when the message does not carry it
 * @param outcome the outcome's JSON, or null when the message does not carry it
 */
public record FinishedAnnouncement(String jobId, String request, String outcome) {

    /** Ends the id and the request's line; JSON as the services write it holds no line break. */
    static final String SEPARATOR = "\n";

    public static FinishedAnnouncement parse(String message) {
        String[] lines = message.split(SEPARATOR, 3);
        if (lines.length < 3 || lines[1].isEmpty()) {
            return new FinishedAnnouncement(lines[0], null, null);
        }
        return new FinishedAnnouncement(lines[0], lines[1], lines[2]);
    }

    public boolean carriesTheJob() {
        return request != null;
    }
}
