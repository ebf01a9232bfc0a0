{{/* The chart's name, cut to the 63 characters a Kubernetes name allows. */}}
{{- define "crony.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Release-qualified name: objects of two releases in one namespace never collide. */}}
{{- define "crony.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* Labels every object carries. */}}
{{- define "crony.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "crony.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* Selector labels of one component (web, agent, trigger): stable across upgrades. */}}
{{- define "crony.selectorLabels" -}}
app.kubernetes.io/name: {{ include "crony.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* The Secret holding passwords and keys: the chart's own or one the operator made. */}}
{{- define "crony.secretName" -}}
{{- if .Values.secrets.create }}{{ include "crony.fullname" . }}{{ else }}{{ required "secrets.existingSecret is required when secrets.create is false" .Values.secrets.existingSecret }}{{ end }}
{{- end }}

{{/* An image reference from {repository, tag}; the tag defaults to the chart's appVersion. */}}
{{- define "crony.image" -}}
{{- printf "%s:%s" .image.repository (default .root.Chart.AppVersion .image.tag) }}
{{- end }}

{{/* Environment both web and agent take: the database, etcd and the secret key. */}}
{{- define "crony.commonEnv" -}}
- name: SPRING_DATASOURCE_URL
  value: {{ required "database.url is required (jdbc:mysql://host:3306/crony?...)" .Values.database.url | quote }}
- name: SPRING_DATASOURCE_USERNAME
  value: {{ .Values.database.username | quote }}
- name: SPRING_DATASOURCE_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "crony.secretName" . }}
      key: {{ .Values.secrets.keys.databasePassword }}
- name: CRONY_ETCD_ENDPOINTS
  value: {{ required "etcd.endpoints is required" (join "," .Values.etcd.endpoints) | quote }}
- name: CRONY_ETCD_PREFIX
  value: {{ .Values.etcd.prefix | quote }}
{{- end }}

{{/* Pod anti-affinity that spreads the replicas of one component over nodes. */}}
{{- define "crony.antiAffinity" -}}
{{- if eq .mode "hard" }}
podAntiAffinity:
  requiredDuringSchedulingIgnoredDuringExecution:
    - topologyKey: kubernetes.io/hostname
      labelSelector:
        matchLabels:
          {{- include "crony.selectorLabels" . | nindent 10 }}
{{- else if eq .mode "soft" }}
podAntiAffinity:
  preferredDuringSchedulingIgnoredDuringExecution:
    - weight: 100
      podAffinityTerm:
        topologyKey: kubernetes.io/hostname
        labelSelector:
          matchLabels:
            {{- include "crony.selectorLabels" . | nindent 12 }}
{{- end }}
{{- end }}

{{/* Secrets both web and agent read: the key that encrypts stored secrets, the etcd password. */}}
{{- define "crony.secretEnv" -}}
- name: CRONY_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "crony.secretName" . }}
      key: {{ .Values.secrets.keys.secretKey }}
      optional: true
{{- if .Values.etcd.auth.username }}
- name: CRONY_ETCD_USER
  value: {{ .Values.etcd.auth.username | quote }}
- name: CRONY_ETCD_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "crony.secretName" . }}
      key: {{ .Values.secrets.keys.etcdPassword }}
{{- end }}
{{- if .Values.etcd.tls.enabled }}
- name: CRONY_ETCD_TLS_CAFILE
  value: /etc/crony/etcd-tls/ca.crt
- name: CRONY_ETCD_TLS_CERTFILE
  value: /etc/crony/etcd-tls/tls.crt
- name: CRONY_ETCD_TLS_KEYFILE
  value: /etc/crony/etcd-tls/tls.key
{{- end }}
{{- end }}

{{/* The etcd TLS files, mounted from their Secret when etcd.tls.enabled. */}}
{{- define "crony.etcdTlsMount" -}}
{{- if .Values.etcd.tls.enabled }}
volumeMounts:
  - name: etcd-tls
    mountPath: /etc/crony/etcd-tls
    readOnly: true
{{- end }}
{{- end }}

{{- define "crony.etcdTlsVolume" -}}
{{- if .Values.etcd.tls.enabled }}
volumes:
  - name: etcd-tls
    secret:
      secretName: {{ required "etcd.tls.secretName is required when etcd.tls.enabled" .Values.etcd.tls.secretName }}
{{- end }}
{{- end }}

{{/* Agent labels as CRONY_AGENT_LABELS takes them: key=value pairs, sorted, joined by commas. */}}
{{- define "crony.agentLabels" -}}
{{- $pairs := list -}}
{{- range $key, $value := . -}}
{{- $pairs = append $pairs (printf "%s=%s" $key $value) -}}
{{- end -}}
{{- join "," $pairs -}}
{{- end -}}
