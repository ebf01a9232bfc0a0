package io.crony.web;

import io.crony.test.CronyServicesExtension;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CronyWebApplicationIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private Client etcd;

	@Test
	void startsAgainstRealEtcdAndMariaDbWithTheSchemaMigrated() throws Exception {
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isZero();
		ByteSequence key = ByteSequence.from(services.keyPrefix() + "/probe", StandardCharsets.UTF_8);
		this.etcd.getKVClient().put(key, ByteSequence.from("ok", StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
		assertThat(this.etcd.getKVClient().get(key).get(10, TimeUnit.SECONDS).getKvs()).hasSize(1);
	}

	@Test
	void theJobListFindsADepartmentsJobsOfAnOwnerThroughOneIndex() {
		// the list filters by department first, then by owner (JobMapper)
		Map<String, Object> plan = this.jdbc
			.queryForMap("EXPLAIN SELECT id FROM job WHERE department_id = 1 AND owner = 'alice'");
		assertThat(plan.get("key")).as("%s", plan).isEqualTo("idx_job_department_owner");
		assertThat(plan.get("ref")).as("%s", plan).isEqualTo("const,const");
	}

}
