package io.crony.web.api;

import java.time.Instant;

import com.baomidou.mybatisplus.annotation.DbType;
import com.baomidou.mybatisplus.autoconfigure.ConfigurationCustomizer;
import com.baomidou.mybatisplus.extension.plugins.MybatisPlusInterceptor;
import com.baomidou.mybatisplus.extension.plugins.inner.OptimisticLockerInnerInterceptor;
import com.baomidou.mybatisplus.extension.plugins.inner.PaginationInnerInterceptor;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * MyBatis-Plus settings every feature shares: {@code @Version} optimistic locking,
 * pagination ({@code Page} arguments become LIMIT plus a count query) and instants bound
 * with their milliseconds ({@link UtcInstantTypeHandler}).
 */
@Configuration(proxyBeanMethods = false)
class MybatisConfiguration {

	@Bean
	ConfigurationCustomizer utcInstants() {
		return (configuration) -> configuration.getTypeHandlerRegistry()
			.register(Instant.class, new UtcInstantTypeHandler());
	}

	@Bean
	MybatisPlusInterceptor mybatisPlusInterceptor() {
		MybatisPlusInterceptor interceptor = new MybatisPlusInterceptor();
		interceptor.addInnerInterceptor(new OptimisticLockerInnerInterceptor());
		PaginationInnerInterceptor pagination = new PaginationInnerInterceptor(DbType.MARIADB);
		pagination.setMaxLimit((long) Paging.MAX_SIZE);
		interceptor.addInnerInterceptor(pagination);
		return interceptor;
	}

}
