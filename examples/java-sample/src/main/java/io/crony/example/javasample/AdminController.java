package io.crony.example.javasample;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /admin/drain}: an operator drains the instance before taking it away, and
 * its long runs move to other instances. Like the rest of the sample it listens on
 * loopback by default; put it behind the service's own admin access in production.
 */
@RestController
class AdminController {

	private final Drain drain;

	AdminController(Drain drain) {
		this.drain = drain;
	}

	@PostMapping("/admin/drain")
	@ResponseStatus(HttpStatus.ACCEPTED)
	String drain() {
		this.drain.start();
		return "draining\n";
	}

}
