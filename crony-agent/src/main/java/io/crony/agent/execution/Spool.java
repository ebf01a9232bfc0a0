package io.crony.agent.execution;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.crony.common.json.CronyJson;

/**
 * A local append-only file of execution records (one JSON line each) that could not be
 * written to the database. Used by the single record-writer thread only.
 *
 * <p>
 * It is read from where the last write to the database stopped ({@link #read}, a bounded
 * batch at a time, never the whole file), and that place is kept in a file of its own
 * beside it, so a restarted agent does not write the same records again (it would be
 * harmless: every record is idempotent, but slow for a large spool). The file is deleted
 * once every record in it is written. It has a size ({@code maxBytes}) past which it
 * counts as {@link #full}: the record writer then makes claims wait, so records of fires
 * that ran are never dropped. A line that cannot be read or a record the database refuses
 * goes to a quarantine file ({@code executions.quarantine.jsonl}), not back into the
 * spool.
 */
public final class Spool {

	/** The default size past which the spool counts as full: 1 GiB. */
	public static final long DEFAULT_MAX_BYTES = 1L << 30;

	private static final int READ_CHUNK = 64 * 1024;

	private final Path file;

	private final Path position;

	private final Path quarantine;

	private final long maxBytes;

	// the byte offset of the first record not yet written to the database
	private long readFrom;

	public Spool(Path dir) {
		this(dir, DEFAULT_MAX_BYTES);
	}

	/**
	 * @param dir where the spool's files live
	 * @param maxBytes the size on disk past which the spool is {@link #full}
	 */
	public Spool(Path dir, long maxBytes) {
		try {
			Files.createDirectories(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create spool dir " + dir, ex);
		}
		this.file = dir.resolve("executions.jsonl");
		this.position = dir.resolve("executions.position");
		this.quarantine = dir.resolve("executions.quarantine.jsonl");
		this.maxBytes = Math.max(1, maxBytes);
		this.readFrom = readPosition();
		endTornLine();
	}

	public boolean isEmpty() {
		return bytes() <= this.readFrom;
	}

	/** Bytes on disk of records not yet written to the database (and of those before). */
	public long bytes() {
		try {
			return Files.exists(this.file) ? Files.size(this.file) : 0;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public long maxBytes() {
		return this.maxBytes;
	}

	/**
	 * Whether the records not yet written reached the size: claims wait until records
	 * leave the spool.
	 */
	public boolean full() {
		return bytes() - this.readFrom >= this.maxBytes;
	}

	public Path quarantineFile() {
		return this.quarantine;
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

	/**
	 * Up to {@code limit} lines from where the last write stopped, oldest first. A line
	 * that does not read as a record (or is blank) comes back with a null record.
	 */
	public List<Line> read(int limit) {
		List<Line> lines = new ArrayList<>();
		if (isEmpty()) {
			return lines;
		}
		try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
			long at = this.readFrom;
			ByteBuffer chunk = ByteBuffer.allocate(READ_CHUNK);
			ByteArrayOutputStream line = new ByteArrayOutputStream();
			while (lines.size() < limit) {
				chunk.clear();
				int read = channel.read(chunk, at);
				if (read <= 0) {
					break;
				}
				byte[] bytes = chunk.array();
				int i = 0;
				for (; i < read && lines.size() < limit; i++) {
					if (bytes[i] == '\n') {
						String text = line.toString(StandardCharsets.UTF_8);
						line.reset();
						lines.add(new Line(text, text.isBlank() ? null : parse(text), at + i + 1));
					}
					else {
						line.write(bytes[i]);
					}
				}
				at += i;
				if (i < read) {
					break;
				}
			}
			return lines;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read spool " + this.file, ex);
		}
	}

	/** Every record left to write, oldest first (for tests and inspection). */
	public List<ExecutionRecord> readAll() {
		List<ExecutionRecord> records = new ArrayList<>();
		Spool reader = new Spool(this.file.getParent(), this.maxBytes);
		List<Line> batch = reader.read(1000);
		while (!batch.isEmpty()) {
			batch.stream().map(Line::record).filter((record) -> record != null).forEach(records::add);
			reader.readFrom = batch.get(batch.size() - 1).end();
			batch = reader.read(1000);
		}
		return records;
	}

	/**
	 * Marks every line up to {@code line} written; deletes the file once every line in it
	 * is.
	 */
	public void written(Line line) {
		this.readFrom = line.end();
		if (isEmpty()) {
			clear();
			return;
		}
		try {
			Files.writeString(this.position, Long.toString(this.readFrom), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write spool position " + this.position, ex);
		}
	}

	/** Forgets every record (they are in the database now). */
	public void clear() {
		try {
			Files.deleteIfExists(this.file);
			Files.deleteIfExists(this.position);
			this.readFrom = 0;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Keeps a line the database refused (or that does not read) apart, with why. */
	public void quarantine(Line line, String reason) {
		try {
			String entry = CronyJson.mapper()
				.writeValueAsString(new Quarantined(Instant.now().toString(), reason, line.text()));
			Files.writeString(this.quarantine, entry + System.lineSeparator(), StandardCharsets.UTF_8,
					StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write quarantine " + this.quarantine, ex);
		}
	}

	private static ExecutionRecord parse(String text) {
		try {
			return CronyJson.mapper().readValue(text, ExecutionRecord.class);
		}
		catch (IOException ex) {
			return null;
		}
	}

	private long readPosition() {
		try {
			if (!Files.exists(this.position)) {
				return 0;
			}
			long at = Long.parseLong(Files.readString(this.position, StandardCharsets.UTF_8).strip());
			return (at >= 0 && at <= bytes()) ? at : 0;
		}
		catch (IOException | NumberFormatException ex) {
			// a torn position file: read from the start (records are idempotent)
			return 0;
		}
	}

	/**
	 * A process that died mid-write leaves a torn last line; it is ended here, so it is
	 * read as one unreadable line (quarantined) and the next record starts a line of its
	 * own.
	 */
	private void endTornLine() {
		long size = bytes();
		if (size == 0) {
			return;
		}
		try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
			ByteBuffer last = ByteBuffer.allocate(1);
			channel.read(last, size - 1);
			if (last.get(0) != '\n') {
				channel.write(ByteBuffer.wrap(new byte[] { '\n' }), size);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read spool " + this.file, ex);
		}
	}

	/**
	 * One line of the spool.
	 *
	 * @param text the line as written
	 * @param record the record it holds, or null when it does not read as one
	 * @param end the byte offset just after it
	 */
	public record Line(String text, ExecutionRecord record, long end) {

	}

	private record Quarantined(String at, String reason, String line) {

	}

}
