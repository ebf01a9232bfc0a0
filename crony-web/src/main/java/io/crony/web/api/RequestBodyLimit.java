package io.crony.web.api;

import java.io.ByteArrayInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.web.error.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses an API request whose body is larger than its route takes with 413 before
 * anything reads it: no one, signed in or not, makes crony-web parse megabytes it will
 * refuse anyway. A declared {@code Content-Length} above the limit is answered at once,
 * without reading the body; a body of no declared length (chunked) is read up to the
 * limit, and refused once it goes past it.
 */
class RequestBodyLimit extends OncePerRequestFilter {

	private static final Logger log = LoggerFactory.getLogger(RequestBodyLimit.class);

	private static final Pattern LARGE_BODY_ROUTES = Pattern
		.compile("/api/v1/(jobs/(bulk|import)|calendars/[^/]+/ics|executions/[^/]+/result)/?");

	private final RequestLimitsProperties limits;

	private final ObjectMapper mapper;

	RequestBodyLimit(RequestLimitsProperties limits, ObjectMapper mapper) {
		this.limits = limits;
		this.mapper = mapper;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !path(request).startsWith("/api/");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		long limit = LARGE_BODY_ROUTES.matcher(path(request)).matches() ? this.limits.largeBody().toBytes()
				: this.limits.body().toBytes();
		long declared = request.getContentLengthLong();
		if (declared > limit) {
			refuse(request, response, limit, declared + " bytes");
			return;
		}
		if (declared < 0 && request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
			byte[] body = request.getInputStream().readNBytes((int) Math.min(limit + 1, Integer.MAX_VALUE));
			if (body.length > limit) {
				refuse(request, response, limit, "more than " + limit + " bytes");
				return;
			}
			chain.doFilter(new ReadBody(request, body), response);
			return;
		}
		chain.doFilter(request, response);
	}

	private void refuse(HttpServletRequest request, HttpServletResponse response, long limit, String size)
			throws IOException {
		String detail = "The request body (" + size + ") is larger than the " + limit + " bytes " + request.getMethod()
				+ " " + path(request) + " takes";
		log.warn("Request {} {} refused with 413: {}", request.getMethod(), request.getRequestURI(), detail);
		byte[] problem = this.mapper.writeValueAsBytes(Problems.of(HttpStatus.PAYLOAD_TOO_LARGE, detail, List.of()));
		response.setStatus(HttpStatus.PAYLOAD_TOO_LARGE.value());
		// the rest of the body is not read: the connection cannot carry another request
		response.setHeader(HttpHeaders.CONNECTION, "close");
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.setContentLength(problem.length);
		response.getOutputStream().write(problem);
		response.flushBuffer();
	}

	private static String path(HttpServletRequest request) {
		return request.getRequestURI().substring(request.getContextPath().length());
	}

	/** The request with its body read already, within the limit. */
	private static final class ReadBody extends HttpServletRequestWrapper {

		private final byte[] body;

		ReadBody(HttpServletRequest request, byte[] body) {
			super(request);
			this.body = body;
		}

		@Override
		public int getContentLength() {
			return this.body.length;
		}

		@Override
		public long getContentLengthLong() {
			return this.body.length;
		}

		@Override
		public ServletInputStream getInputStream() {
			return new BytesInputStream(new ByteArrayInputStream(this.body));
		}

		@Override
		public BufferedReader getReader() {
			Charset charset = (getCharacterEncoding() != null) ? Charset.forName(getCharacterEncoding())
					: StandardCharsets.UTF_8;
			return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(this.body), charset));
		}

	}

	private static final class BytesInputStream extends ServletInputStream {

		private final InputStream bytes;

		BytesInputStream(InputStream bytes) {
			this.bytes = bytes;
		}

		@Override
		public int read() throws IOException {
			return this.bytes.read();
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			return this.bytes.read(buffer, offset, length);
		}

		@Override
		public boolean isFinished() {
			try {
				return this.bytes.available() == 0;
			}
			catch (IOException ex) {
				return true;
			}
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setReadListener(ReadListener listener) {
			throw new UnsupportedOperationException("the body is read already");
		}

	}

}
