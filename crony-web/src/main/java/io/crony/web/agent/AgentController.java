package io.crony.web.agent;

import java.util.List;

import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.cluster.leader.ClusterRequests;
import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.cluster.membership.AgentRegistry;
import jakarta.validation.Valid;

import org.springframework.http.HttpStatus;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * Agents, their weights and drain state, and the cluster summary. Writes go to MySQL; the
 * leader (whichever instance it is) carries them out.
 */
@RestController
@RequestMapping("/api/v1")
class AgentController {

	private final AgentDirectory directory;

	private final AgentRows rows;

	private final AgentRegistry registry;

	private final LeaderElection election;

	private final ClusterRequests requests;

	private final AuditLog audit;

	AgentController(AgentDirectory directory, AgentRows rows, AgentRegistry registry, LeaderElection election,
			ClusterRequests requests, AuditLog audit) {
		this.audit = audit;
		this.directory = directory;
		this.rows = rows;
		this.registry = registry;
		this.election = election;
		this.requests = requests;
	}

	@GetMapping("/agents")
	List<AgentResponse> list() {
		return this.directory.list();
	}

	@GetMapping("/agents/{id}")
	AgentResponse get(@PathVariable String id) {
		return this.directory.find(id).orElseThrow(() -> notFound(id));
	}

	@PatchMapping("/agents/{id}")
	@PreAuthorize("hasAuthority('GLOBAL_ADMIN')")
	AgentResponse patch(@PathVariable String id, @Valid @RequestBody AgentPatchRequest patch) {
		return this.directory.patch(id, patch).orElseThrow(() -> notFound(id));
	}

	@PostMapping("/agents/{id}/drain")
	@PreAuthorize("hasAuthority('GLOBAL_ADMIN')")
	AgentResponse drain(@PathVariable String id) {
		return patch(id, new AgentPatchRequest(null, true));
	}

	@PostMapping("/agents/{id}/undrain")
	@PreAuthorize("hasAuthority('GLOBAL_ADMIN')")
	AgentResponse undrain(@PathVariable String id) {
		return patch(id, new AgentPatchRequest(null, false));
	}

	@PostMapping("/cluster/rebalance")
	@PreAuthorize("hasAuthority('GLOBAL_ADMIN')")
	@ResponseStatus(HttpStatus.ACCEPTED)
	RebalanceResponse rebalance(Authentication user) {
		RebalanceResponse response = new RebalanceResponse(
				this.requests.submit(ClusterRequests.REBALANCE, null, (user != null) ? user.getName() : null));
		this.audit.record(AuditAction.CLUSTER_REBALANCE, response.requestId(), "rebalance", null, null);
		return response;
	}

	@GetMapping("/cluster")
	ClusterResponse cluster() {
		long[] jobs = this.rows.jobCounts();
		return new ClusterResponse(this.election.leaderId(), this.registry.liveAgents().size(), jobs[0], jobs[1]);
	}

	private static ResponseStatusException notFound(String id) {
		return new ResponseStatusException(HttpStatus.NOT_FOUND, "Agent " + id + " was never seen");
	}

}
