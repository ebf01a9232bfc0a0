package io.crony.web.api;

import java.util.List;

import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;
import org.springframework.http.converter.yaml.MappingJackson2YamlHttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Bodies as YAML ({@code application/yaml}, and the older {@code application/x-yaml},
 * {@code text/yaml} and {@code text/x-yaml}) with the JSON settings of
 * {@code spring.jackson.*} (a misspelt field is refused, nulls left out), for the job
 * files export writes and import reads. Spring MVC would otherwise add a YAML converter
 * of its own, with Jackson's defaults.
 */
@Configuration(proxyBeanMethods = false)
class YamlConfiguration implements WebMvcConfigurer {

	/**
	 * The registered YAML type first (what an export is labelled), then the names YAML
	 * went by before it was registered, which editors and scripts still send.
	 */
	private static final List<MediaType> MEDIA_TYPES = List.of(MediaType.APPLICATION_YAML,
			MediaType.parseMediaType("application/*+yaml"), MediaType.parseMediaType("application/x-yaml"),
			MediaType.parseMediaType("text/yaml"), MediaType.parseMediaType("text/x-yaml"));

	private final Jackson2ObjectMapperBuilder json;

	YamlConfiguration(Jackson2ObjectMapperBuilder json) {
		this.json = json;
	}

	@Override
	public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
		converters.removeIf(MappingJackson2YamlHttpMessageConverter.class::isInstance);
		// every string quoted: a schedule such as */5 * * * * ? is not read as an alias
		YAMLFactory yaml = YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build();
		MappingJackson2YamlHttpMessageConverter converter = new MappingJackson2YamlHttpMessageConverter(
				this.json.factory(yaml).build());
		converter.setSupportedMediaTypes(MEDIA_TYPES);
		converters.add(converter);
	}

}
