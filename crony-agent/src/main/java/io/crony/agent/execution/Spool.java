package io.crony.agent.execution;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import io.crony.common.json.CronyJson;

/**
 * A local append-only file of execution records (one JSON line each) that could not be
 * written to the database. Used by the single record-writer thread only.
 */
public final class Spool {

	private final Path file;

	public Spool(Path dir) {
		try {
			Files.createDirectories(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create spool dir " + dir, ex);
		}
		this.file = dir.resolve("executions.jsonl");
	}

	public boolean isEmpty() {
		try {
			return !Files.exists(this.file) || Files.size(this.file) == 0;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Appends records and flushes them to the file before returning. */
	public void append(List<ExecutionRecord> records) {
		try (BufferedWriter out = Files.newBufferedWriter(this.file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
				StandardOpenOption.APPEND)) {
			for (ExecutionRecord record : records) {
				out.write(CronyJson.mapper().writeValueAsString(record));
				out.newLine();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot append to spool " + this.file, ex);
		}
	}

	/** Every spooled record, oldest first (a torn last line from a crash is dropped). */
	public List<ExecutionRecord> readAll() {
		List<ExecutionRecord> records = new ArrayList<>();
		if (isEmpty()) {
			return records;
		}
		try {
			for (String line : Files.readAllLines(this.file, StandardCharsets.UTF_8)) {
				if (!line.isBlank()) {
					try {
						records.add(CronyJson.mapper().readValue(line, ExecutionRecord.class));
					}
					catch (IOException ex) {
						// only the last line can be torn (the process died mid-write)
					}
				}
			}
			return records;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read spool " + this.file, ex);
		}
	}

	/** Forgets every record (they are in the database now). */
	public void clear() {
		try {
			Files.deleteIfExists(this.file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
