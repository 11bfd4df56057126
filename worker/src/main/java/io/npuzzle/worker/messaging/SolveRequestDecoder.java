package io.npuzzle.worker.messaging;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.SolveRequest;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;

/**
 * Reads a solve request from a record's text. Anything that is not one is a {@link PoisonRecordException} whose
 * reason names the defect without echoing the record.
 */
@ApplicationScoped
public class SolveRequestDecoder {

    private final ObjectMapper mapper;

    SolveRequestDecoder(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public SolveRequest decode(String text) {
        if (text == null) {
            throw new PoisonRecordException("empty record");
        }
        SolveRequest request;
        try {
            request = mapper.readValue(text, SolveRequest.class);
        } catch (JsonParseException e) {
            throw new PoisonRecordException("not JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")");
        } catch (IOException e) {
            // An unknown mode, or a ratio out of range or without bounded mode, lands here too: both are typed.
            throw new PoisonRecordException("not a solve request: a field has the wrong type");
        }
        if (request == null || !JobIds.isWellFormed(request.jobId())) {
            throw new PoisonRecordException("not a solve request: no well-formed jobId");
        }
        if (request.board() == null) {
            throw new PoisonRecordException("not a solve request: no board");
        }
        return request;
    }
}
